import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the sink took, raw, with the headers tests read. */
export interface SunkMessage {
  to: string[];
  messageId: string;
  subject: string;
  raw: string;
}

/**
 * A real SMTP server on a local port for the server's tests (the end-to-end suite has its own,
 * e2e/support/smtp-sink.ts): takes every message and keeps it. `stop()` and `start()` again on the
 * same port let a test take the mail server away and bring it back.
 */
export class SmtpSink {
  readonly messages: SunkMessage[] = [];
  #server: SMTPServer | null = null;
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      hideSTARTTLS: true,
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
          const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
          this.messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            messageId: header('Message-ID'),
            subject: header('Subject'),
            raw,
          });
          callback();
        });
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `check` holds of the messages (or fails after `timeoutMs`). */
  async waitFor(check: (messages: SunkMessage[]) => boolean, timeoutMs = 15_000): Promise<SunkMessage[]> {
    const until = Date.now() + timeoutMs;
    while (!check(this.messages)) {
      if (Date.now() > until)
        throw new Error(`smtp sink: still waiting after ${timeoutMs} ms (${this.messages.length} messages)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.messages;
  }
}
