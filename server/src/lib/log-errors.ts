/**
 * How errors are logged. A database error's message carries its query's parameters, and its
 * cause may name a refused value (`Key (email)=(…)`): what a person typed, perhaps their passport
 * number or address. Neither reaches the log; the query, the error's kind and codes do.
 */
export function logError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const hide = (text: string | undefined) =>
    text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: (not logged)');
  const cause = error.cause as { name?: string; code?: string; constraint?: string } | undefined;
  return {
    type: error.name,
    message: hide(error.message),
    stack: hide(error.stack),
    ...('code' in error ? { code: (error as { code?: unknown }).code } : {}),
    ...('statusCode' in error ? { statusCode: (error as { statusCode?: unknown }).statusCode } : {}),
    ...(cause && typeof cause === 'object'
      ? { cause: { type: cause.name, code: cause.code, constraint: cause.constraint } }
      : {}),
  };
}

/**
 * The segments after which a path carries a secret: Better Auth's reset link
 * (`/api/auth/reset-password/<token>`), and, should a plugin serve them by path rather than query,
 * its email-verification and magic-link ones (`/verify-email/…`, `/magic-link/verify/…`).
 */
const SECRET_AFTER = new Set(['reset-password', 'verify-email', 'verify']);

/**
 * Whether a piece of a path looks like a generated secret: a run of 16 letters and digits, both
 * present (Better Auth's tokens, a JWT's parts, hex digests). Ids (UUIDs: runs of at most 12),
 * words and hashed asset names (`visa-page-CjK3x9aQ.js`) do not.
 */
function looksSecret(piece: string): boolean {
  return piece.split(/[^A-Za-z0-9]+/).some((run) => run.length >= 16 && /[0-9]/.test(run) && /[A-Za-z]/.test(run));
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A request's path as the log may keep it: without its query string or fragment (`?…`), which may
 * carry what someone searched for or a token (`/verify-email?token=`), and without any secret the
 * path itself carries (`/api/auth/reset-password/…`). Segments are judged as the router reads them,
 * decoded (`%72eset-password`, `reset-password%2F<token>`), and logged as sent.
 */
export function logPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  const logged: string[] = [];
  let afterSecretParent = false;
  for (const segment of path.split('/')) {
    let secret = false;
    for (const part of decodeSegment(segment).split('/')) {
      if (afterSecretParent || looksSecret(part)) secret = true;
      if (SECRET_AFTER.has(part.toLowerCase())) afterSecretParent = true;
    }
    if (!secret) {
      logged.push(segment);
      continue;
    }
    logged.push('…');
    // What follows a secret is the secret's (or says nothing worth its risk).
    if (afterSecretParent) break;
  }
  return logged.join('/') + (end === -1 ? '' : `${url[end]}…`);
}

/**
 * How a request is logged: its path without the query string, which may carry what someone searched
 * for (a name, an email, a passport's last digits in the back office's visa list), and without the
 * secrets a path may carry (`logPath`).
 */
export function logRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: request.method,
    url: logPath(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
