import { findCause } from './unavailable.ts';

/**
 * The SQLSTATEs the server acts on (https://www.postgresql.org/docs/current/errcodes-appendix.html).
 * Class 22 ("data exception": a NUL in a text, a year or a number PostgreSQL cannot store) is read
 * as a class with `isPgErrorClass`.
 */
export const PG_ERROR = {
  NOT_NULL_VIOLATION: '23502',
  FOREIGN_KEY_VIOLATION: '23503',
  UNIQUE_VIOLATION: '23505',
  CHECK_VIOLATION: '23514',
  EXCLUSION_VIOLATION: '23P01',
  SERIALIZATION_FAILURE: '40001',
  DEADLOCK_DETECTED: '40P01',
} as const;
export type PgErrorCode = (typeof PG_ERROR)[keyof typeof PG_ERROR];

/** The classes (first two characters of a SQLSTATE) the server acts on. */
export const PG_ERROR_CLASS = {
  /** A value the column or function cannot take. */
  DATA_EXCEPTION: '22',
  INTEGRITY_CONSTRAINT_VIOLATION: '23',
} as const;

/** Five characters of a SQLSTATE class PostgreSQL uses (errnos such as EPIPE are not SQLSTATEs). */
const SQLSTATE = /^(?:[0-9][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** A link of the error's `cause` chain that carries a SQLSTATE (Drizzle wraps node-postgres' error). */
function findPgError(error: unknown): { code: string; constraint?: string } | undefined {
  return findCause(error, (link) => {
    const { code } = link as { code?: unknown };
    return typeof code === 'string' && SQLSTATE.test(code);
  }) as { code: string; constraint?: string } | undefined;
}

/** The SQLSTATE behind a failed query, wherever it sits in the `cause` chain; undefined for other errors. */
export function pgErrorCode(error: unknown): string | undefined {
  return findPgError(error)?.code;
}

/** Whether PostgreSQL refused the query with this SQLSTATE (and, when given, this constraint). */
export function isPgError(error: unknown, code: PgErrorCode, constraint?: string): boolean {
  const found = findPgError(error);
  return found?.code === code && (constraint === undefined || found.constraint === constraint);
}

/**
 * Runs a transaction again when PostgreSQL ended it to break a deadlock. Two writers of one slot
 * under an exclusion constraint can each find the other's uncommitted row and wait for it; one is
 * then cancelled (40P01) though nothing was wrong with it. Run again, it sees what the other
 * committed and gets its own answer (the constraint's refusal, or success).
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isPgError(error, PG_ERROR.DEADLOCK_DETECTED)) throw error;
      // A few milliseconds apart, growing: ten people racing for one slot do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/**
 * PostgreSQL ended the transaction to break a deadlock or a serialization conflict: nothing of it
 * was written, and the same request sent again succeeds (answered 503 with Retry-After, never 500).
 */
export function isTransactionConflict(error: unknown): boolean {
  return isPgError(error, PG_ERROR.DEADLOCK_DETECTED) || isPgError(error, PG_ERROR.SERIALIZATION_FAILURE);
}

/** Whether PostgreSQL refused the query with a SQLSTATE of this class (`PG_ERROR_CLASS`). */
export function isPgErrorClass(error: unknown, errorClass: (typeof PG_ERROR_CLASS)[keyof typeof PG_ERROR_CLASS]) {
  return pgErrorCode(error)?.startsWith(errorClass) ?? false;
}
