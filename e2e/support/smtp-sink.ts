/**
 * A real SMTP server for the end-to-end tests: no authentication, no TLS, every message accepted
 * and kept in memory. An HTTP side lets the tests read what the product sent:
 *
 *   GET    /messages?to=<address>  JSON array, oldest first, of { to, subject, text, html, calendar, messageId, inReplyTo, references }
 *   DELETE /messages[?to=<address>] forgets every message (or only those for one address)
 *   GET    /health                  200 once both servers listen
 *
 * Run: npx tsx e2e/support/smtp-sink.ts   (SMTP_SINK_PORT, default 2525; SMTP_SINK_HTTP_PORT, default 2526)
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env.SMTP_SINK_PORT ?? 2525);
const HTTP_PORT = Number(process.env.SMTP_SINK_HTTP_PORT ?? 2526);
const HOST = process.env.SMTP_SINK_HOST ?? '127.0.0.1';
const MAX_MESSAGES = 5000;

export interface SinkMessage {
  /** The first envelope recipient, lower-cased. */
  to: string;
  subject: string;
  /** The text/plain part, decoded; derived from the HTML when the message has no text part. */
  text: string;
  /** The text/html part, decoded; '' when there is none. */
  html: string;
  /** A calendar invitation (text/calendar part or .ics attachment), decoded; '' when there is none. */
  calendar: string;
  /** The Message-ID, In-Reply-To and References headers ('' when absent): a thread's ids. */
  messageId: string;
  inReplyTo: string;
  references: string;
}

interface StoredMessage extends SinkMessage {
  recipients: string[];
}

const messages: StoredMessage[] = [];

// ---------------------------------------------------------------------------------------------
// Minimal MIME parsing. The raw message is handled as a latin1 string, so that every byte maps to
// one character and decoding to the declared charset happens once, on the final part body.

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeaderAndBody(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** "text/plain; charset=utf-8" → { type: 'text/plain', params: { charset: 'utf-8' } } */
function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  if (!value) return { type: 'text/plain', params: {} };
  const [type = 'text/plain', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const piece of rest) {
    const equals = piece.indexOf('=');
    if (equals < 0) continue;
    const key = piece.slice(0, equals).trim().toLowerCase();
    let param = piece.slice(equals + 1).trim();
    if (param.startsWith('"') && param.endsWith('"')) param = param.slice(1, -1);
    params[key] = param;
  }
  return { type: type.trim().toLowerCase(), params };
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function decodeQuotedPrintable(latin1: string): Buffer {
  // Whitespace at the end of an encoded line is transport padding; "=" at the end is a soft break.
  const unfolded = latin1.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const char = unfolded[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(unfolded.slice(i + 1, i + 3))) {
      bytes.push(parseInt(unfolded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeTransfer(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

/** RFC 2047 encoded words in headers: =?utf-8?B?...?= and =?utf-8?Q?...?= */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[bBqQ]\?[^?]*\?=)\s+(?==\?[^?]+\?[bBqQ]\?[^?]*\?=)/g, '$1')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset.replace(/\*.*$/, ''));
    });
}

/** Headers are read as latin1; a UTF-8 header sent raw (SMTPUTF8) is turned back into text. */
function headerText(value: string | undefined): string {
  if (!value) return '';
  return decodeEncodedWords(decodeCharset(Buffer.from(value, 'latin1'), 'utf-8'));
}

function collectBodies(part: Part, found: { text?: string; html?: string; calendar?: string }, depth = 0): void {
  if (depth > 10) return;
  const { type, params } = parseContentType(part.headers.get('content-type'));
  if (type.startsWith('multipart/') && params.boundary) {
    const delimiter = `--${params.boundary}`;
    const sections = part.body.split(new RegExp(`\\r?\\n?${escapeRegExp(delimiter)}(?:--)?[ \\t]*(?:\\r?\\n|$)`));
    // sections[0] is the preamble, the last one the epilogue after the closing delimiter.
    for (const section of sections.slice(1)) {
      if (section.trim() === '') continue;
      collectBodies(splitHeaderAndBody(section), found, depth + 1);
    }
    return;
  }
  if (type === 'text/calendar' || type === 'application/ics') {
    found.calendar ??= decodeCharset(
      decodeTransfer(part.body, part.headers.get('content-transfer-encoding')),
      params.charset,
    ).replace(/\r\n/g, '\n');
    return;
  }
  const disposition = part.headers.get('content-disposition') ?? '';
  if (/^\s*attachment/i.test(disposition)) return;
  if (type !== 'text/plain' && type !== 'text/html') return;
  const decoded = decodeCharset(
    decodeTransfer(part.body, part.headers.get('content-transfer-encoding')),
    params.charset,
  );
  if (type === 'text/plain' && found.text === undefined) found.text = decoded;
  if (type === 'text/html' && found.html === undefined) found.html = decoded;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, '$2 $1')
    .replace(/<(br|\/p|\/div|\/h\d|\/li|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

export function parseMessage(raw: Buffer, recipients: string[]): StoredMessage {
  const root = splitHeaderAndBody(raw.toString('latin1'));
  const found: { text?: string; html?: string; calendar?: string } = {};
  collectBodies(root, found);
  const html = (found.html ?? '').replace(/\r\n/g, '\n');
  const headerTo = headerText(root.headers.get('to'))
    .split(',')
    .map((entry) => (/<([^>]+)>/.exec(entry)?.[1] ?? entry).trim().toLowerCase())
    .filter(Boolean);
  const all = [...new Set([...recipients.map((address) => address.toLowerCase()), ...headerTo])];
  return {
    to: all[0] ?? '',
    recipients: all,
    subject: headerText(root.headers.get('subject')),
    text: (found.text ?? htmlToText(html)).replace(/\r\n/g, '\n'),
    html,
    calendar: found.calendar ?? '',
    messageId: headerText(root.headers.get('message-id')).trim(),
    inReplyTo: headerText(root.headers.get('in-reply-to')).trim(),
    references: headerText(root.headers.get('references')).trim(),
  };
}

// ---------------------------------------------------------------------------------------------

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  hideSTARTTLS: true,
  logger: false,
  banner: 'aylal e2e smtp sink',
  size: 25 * 1024 * 1024,
  // As a real mail server answers: nothing for a domain that cannot exist (RFC 2606). The product
  // keeps such an email and tries again later; staff see it under Settings' failed deliveries.
  onRcptTo(address, _session, callback) {
    if (!/\.invalid$/i.test(address.address)) return callback();
    callback(Object.assign(new Error(`5.1.2 no such domain: ${address.address.split('@')[1]}`), { responseCode: 550 }));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      try {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const message = parseMessage(Buffer.concat(chunks), recipients);
        messages.push(message);
        if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES);
        if (process.env.SMTP_SINK_DEBUG) console.log(`[smtp-sink] ${message.to}: ${message.subject}`);
        callback();
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    });
  },
});
smtp.on('error', (error) => console.error('[smtp-sink] smtp error:', error.message));

const publicShape = ({
  to,
  subject,
  text,
  html,
  calendar,
  messageId,
  inReplyTo,
  references,
}: StoredMessage): SinkMessage => ({
  to,
  subject,
  text,
  html,
  calendar,
  messageId,
  inReplyTo,
  references,
});
const matches = (message: StoredMessage, to: string | null) =>
  !to || message.recipients.includes(to.trim().toLowerCase());

const web = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  if (url.pathname === '/health' && (request.method === 'GET' || request.method === 'HEAD')) {
    return send(200, { status: 'ok', messages: messages.length });
  }
  if (url.pathname === '/messages' && request.method === 'GET') {
    const to = url.searchParams.get('to');
    return send(200, messages.filter((message) => matches(message, to)).map(publicShape));
  }
  if (url.pathname === '/messages' && request.method === 'DELETE') {
    const to = url.searchParams.get('to');
    const kept = messages.filter((message) => !matches(message, to));
    const removed = messages.length - kept.length;
    messages.splice(0, messages.length, ...kept);
    return send(200, { removed });
  }
  return send(404, { error: 'not found' });
});

function listen(
  server: {
    listen: (port: number, host: string, cb: () => void) => unknown;
    once: (e: 'error', cb: (error: Error) => void) => unknown;
  },
  port: number,
  name: string,
) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`${name} cannot listen on ${HOST}:${port}: ${error.message}`)));
    server.listen(port, HOST, () => resolve());
  });
}

try {
  await listen(smtp.server, SMTP_PORT, 'SMTP');
  await listen(web, HTTP_PORT, 'HTTP');
  console.log(`[smtp-sink] SMTP on ${HOST}:${SMTP_PORT}, messages at http://${HOST}:${HTTP_PORT}/messages`);
} catch (error) {
  console.error(`[smtp-sink] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    web.close();
    smtp.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
