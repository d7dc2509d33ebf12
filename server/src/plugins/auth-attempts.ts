import { and, count, desc, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authAttempts } from '../db/schema/auth.ts';

/** A limit on one kind of attempt for one subject (an account, a recipient), across every process. */
export interface AttemptLimit {
  kind: 'sign-in-failure' | 'device-sign-in-failure' | 'reset-mail' | 'verify-mail' | 'sign-in-link-mail';
  max: number;
  windowSeconds: number;
}

/**
 * Wrong passwords per account from browsers it has not trusted (no device cookie of its own): the
 * 11th sign-in within 15 minutes is refused, whoever calls.
 */
export const SIGN_IN_FAILURES: AttemptLimit = { kind: 'sign-in-failure', max: 10, windowSeconds: 15 * 60 };
/**
 * Wrong passwords from one browser the account signed in from before (its device cookie, the
 * subject being `<user id>:<nonce>`): a budget of its own, untouched by the account-wide one.
 */
export const DEVICE_SIGN_IN_FAILURES: AttemptLimit = {
  kind: 'device-sign-in-failure',
  max: 5,
  windowSeconds: 15 * 60,
};
/** Password-reset mails per recipient and hour, whoever asks for them. */
export const RESET_MAILS: AttemptLimit = { kind: 'reset-mail', max: 3, windowSeconds: 60 * 60 };
/** Address-verification mails per recipient and hour (the one sent at sign-up included). */
export const VERIFY_MAILS: AttemptLimit = { kind: 'verify-mail', max: 3, windowSeconds: 60 * 60 };
/** Sign-in links per recipient and hour, whoever asks for them. */
export const SIGN_IN_LINK_MAILS: AttemptLimit = { kind: 'sign-in-link-mail', max: 3, windowSeconds: 60 * 60 };

/** Rows older than the longest window count for nothing. */
const KEEP_SECONDS = Math.max(
  ...[SIGN_IN_FAILURES, DEVICE_SIGN_IN_FAILURES, RESET_MAILS, VERIFY_MAILS, SIGN_IN_LINK_MAILS].map(
    (limit) => limit.windowSeconds,
  ),
);

type AttemptResult = { taken: true } | { taken: false; retryAfterSeconds: number };

const since = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/**
 * Takes one place under the limit, or says how long until one frees up. Callers for the same
 * subject queue on an advisory lock, so two concurrent attempts cannot both take the last place.
 */
export async function takeAttempt(db: Db, limit: AttemptLimit, subject: string): Promise<AttemptResult> {
  const result = await db.transaction(async (tx): Promise<AttemptResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${limit.kind}), hashtext(${subject}))`);
    const [used] = await tx
      .select({ value: count(), oldest: min(authAttempts.createdAt) })
      .from(authAttempts)
      .where(
        and(
          eq(authAttempts.kind, limit.kind),
          eq(authAttempts.subject, subject),
          gt(authAttempts.createdAt, since(limit.windowSeconds)),
        ),
      );
    if (used && used.value >= limit.max) {
      const freesAt = (used.oldest?.getTime() ?? Date.now()) + limit.windowSeconds * 1000;
      return { taken: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - Date.now()) / 1000)) };
    }
    await tx.insert(authAttempts).values({ kind: limit.kind, subject });
    return { taken: true };
  });
  await sweepExpired(db);
  return result;
}

/** At most once a minute per process: rows out of every window count for nothing meanwhile. */
const SWEEP_EVERY_MS = 60_000;
let nextSweepAt = 0;

async function sweepExpired(db: Db): Promise<void> {
  if (Date.now() < nextSweepAt) return;
  nextSweepAt = Date.now() + SWEEP_EVERY_MS;
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, since(KEEP_SECONDS)));
}

/** Gives back the place the latest attempt took (it turned out not to count, e.g. a right password). */
export async function releaseAttempt(db: Db, limit: AttemptLimit, subject: string): Promise<void> {
  const latest = db
    .select({ id: authAttempts.id })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, limit.kind), eq(authAttempts.subject, subject)))
    .orderBy(desc(authAttempts.createdAt))
    .limit(1);
  await db.delete(authAttempts).where(inArray(authAttempts.id, latest));
}

/** Forgets every attempt of this kind for the subject (a password reset clears the failures). */
export async function clearAttempts(db: Db, limit: AttemptLimit, subject: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.kind, limit.kind), eq(authAttempts.subject, subject)));
}
