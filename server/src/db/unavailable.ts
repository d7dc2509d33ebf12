/** Socket errors that mean the database server cannot be reached (or went away mid-query). */
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not yet back: 57P01 admin_shutdown (also "unexpected
 * postmaster exit"), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, in recovery);
 * class 08 is "connection exception".
 */
const UNAVAILABLE_SQLSTATE = /^(57P0[123]|08[0-9A-Z]{3})$/;

/** What node-postgres and its pool say when a connection dies or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

function isUnavailableError(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text));
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The first link of an error's `cause` chain that `test` accepts: Drizzle and Better Auth wrap
 * the driver's error, so the chain is followed a few links down.
 */
export function findCause(error: unknown, test: (link: object) => boolean, depth = 5): object | undefined {
  let current = error;
  for (let link = 0; current && typeof current === 'object' && link < depth; link++) {
    if (test(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The link of an error that says "the database is unreachable right now" rather than "this
 * request is wrong": such requests answer 503 and may be retried.
 */
export function findUnavailableCause(error: unknown): object | undefined {
  return findCause(error, isUnavailableError);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return findUnavailableCause(error) !== undefined;
}

/** One line for the log: what the driver said (the link found above), without a stack. */
export function describeUnavailable(cause: object): string {
  const { code, message } = cause as { code?: unknown; message?: unknown };
  return [code, message].filter((part) => typeof part === 'string' && part !== '').join(': ');
}
