// The caller's second factor and "confirm it is you" (docs/decisions/023). Setting the factor up,
// turning it off and the backup codes are Better Auth's (/api/auth/two-factor/*); this module
// says where an account and its session stand, and lets a signed-in person confirm with the
// password or a code: the session is then fresh for 15 minutes, and a code gives it the second
// factor staff need. Passkeys are added and used through Better Auth (/api/auth/passkey/*); they
// are listed and removed here.

import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import type { ConfirmIdentityRequest, SecondFactorStatus } from '@aylal/shared/schemas/second-factor';
import { readSecondFactorCode } from '@aylal/shared/second-factor-rules';
import type { Db } from '../../db/client.ts';
import { accounts, passkeys, sessions, twoFactors, users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from '../../plugins/auth.ts';
import { releaseAttempt, SIGN_IN_FAILURES, takeAttempt } from '../../plugins/auth-attempts.ts';
import { freshUntil, staffAccess, type StaffTwoFactor } from '../../plugins/second-factor.ts';
import type { CurrentUser, SessionState } from '../../plugins/session.ts';

/** Wrong codes in a row before an account's codes wait, as Better Auth counts them at sign-in. */
const CODE_FAILURES_MAX = 10;
const CODE_LOCK_SECONDS = 15 * 60;

async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
    .limit(1);
  return row?.password ?? null;
}

async function findConfirmedTwoFactor(db: Db, userId: string) {
  const [row] = await db
    .select({ id: twoFactors.id, lockedUntil: twoFactors.lockedUntil })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true), eq(users.twoFactorEnabled, true)))
    .limit(1);
  return row ?? null;
}

/** The caller's passkeys, oldest first: what the person named them and when they were added. */
async function listPasskeys(db: Db, userId: string) {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, backedUp: passkeys.backedUp })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Where the caller's second factor and session stand (what /profile and the back office show). */
export async function getSecondFactorStatus(
  db: Db,
  auth: Auth,
  mode: StaffTwoFactor,
  actor: CurrentUser,
  session: SessionState,
): Promise<SecondFactorStatus> {
  const [hash, factor, keys] = await Promise.all([
    findPasswordHash(db, actor.id),
    findConfirmedTwoFactor(db, actor.id),
    listPasskeys(db, actor.id),
  ]);
  let backupCodesLeft: number | null = null;
  if (factor) {
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: actor.id } });
    backupCodesLeft = backupCodes.length;
  }
  return {
    enabled: factor !== null,
    backupCodesLeft,
    hasPassword: hash !== null,
    sessionHasSecondFactor: session.secondFactorAt !== null,
    freshUntil: freshUntil(session).toISOString(),
    passkeys: keys,
    // Read now: the session check's reading may predate a passkey just added or removed.
    staff:
      actor.role === 'admin'
        ? staffAccess(mode, {
            hasSecondFactor: factor !== null || keys.length > 0,
            secondFactorAt: session.secondFactorAt,
          })
        : null,
    staffRequired: mode === 'required',
  };
}

/**
 * The password, its wrong tries counted per session (10 in 15 minutes): the session is already
 * signed in, so guessers elsewhere who locked the account's sign-in do not lock its owner out of
 * confirming here (decision 022), and a session cannot guess either.
 */
async function checkPassword(
  db: Db,
  auth: Auth,
  actor: CurrentUser,
  session: SessionState,
  password: string,
): Promise<void> {
  const hash = await findPasswordHash(db, actor.id);
  // A Google-only account confirms with a code, or signs in again.
  if (!hash) throw new AppError('AUTH_OPERATION_NOT_ALLOWED');
  const subject = `session:${session.id}`;
  if (!(await takeAttempt(db, SIGN_IN_FAILURES, subject)).taken) throw new AppError('RATE_LIMITED');
  const context = await auth.$context;
  if (!(await context.password.verify({ hash, password }))) throw new AppError('AUTH_WRONG_PASSWORD');
  await releaseAttempt(db, SIGN_IN_FAILURES, subject);
}

/**
 * A code from the app or a backup code (used up), checked by Better Auth on the caller's session;
 * wrong codes count toward the account's lock as at sign-in (10 in a row: 15 minutes).
 */
async function checkCode(db: Db, auth: Auth, actor: CurrentUser, typed: string, cookie: string): Promise<void> {
  const code = readSecondFactorCode(typed);
  const factor = await findConfirmedTwoFactor(db, actor.id);
  if (!factor) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  if (factor.lockedUntil && factor.lockedUntil.getTime() > Date.now()) throw new AppError('RATE_LIMITED');
  const headers = new Headers({ cookie });
  try {
    if (code?.kind === 'totp') await auth.api.verifyTOTP({ body: { code: code.code }, headers });
    else await auth.api.verifyBackupCode({ body: { code: code?.code ?? typed, disableSession: true }, headers });
  } catch (error) {
    if (!isAPIError(error) || !['INVALID_CODE', 'INVALID_BACKUP_CODE'].includes(String(error.body?.code))) throw error;
    await db
      .update(twoFactors)
      .set({
        failedVerificationCount: sql`${twoFactors.failedVerificationCount} + 1`,
        lockedUntil: sql`case when ${twoFactors.failedVerificationCount} + 1 >= ${CODE_FAILURES_MAX}
          then now() + make_interval(secs => ${CODE_LOCK_SECONDS}) else ${twoFactors.lockedUntil} end`,
      })
      .where(eq(twoFactors.id, factor.id));
    throw new AppError('TWO_FACTOR_INVALID_CODE');
  }
  await db
    .update(twoFactors)
    .set({ failedVerificationCount: 0, lockedUntil: null })
    .where(eq(twoFactors.id, factor.id));
}

/**
 * "Confirm it is you" on a signed-in session: the password or a code. The session is then fresh
 * (15 minutes); a code also gives it the second factor, so an admin's session acts as staff.
 */
export async function confirmIdentity(
  db: Db,
  auth: Auth,
  actor: CurrentUser,
  session: SessionState,
  input: ConfirmIdentityRequest,
  cookie: string,
): Promise<void> {
  const withCode = 'code' in input;
  if (withCode) await checkCode(db, auth, actor, input.code, cookie);
  else await checkPassword(db, auth, actor, session, input.password);
  await db
    .update(sessions)
    .set({ confirmedAt: sql`now()`, ...(withCode ? { secondFactorAt: sql`now()` } : {}) })
    .where(eq(sessions.id, session.id));
}

/**
 * Removes one of the caller's passkeys (404 for anyone else's): as changing the second factor, only
 * on a session signed in (or confirmed) within 15 minutes that gave the factor the account has.
 */
export async function removePasskey(db: Db, actor: CurrentUser, session: SessionState, id: string): Promise<void> {
  // Fresh: the route's requireFreshSignIn. Here: the account's factor given in this session.
  if (session.hasSecondFactor && !session.secondFactorAt) {
    throw new AppError('FRESH_SIGN_IN_REQUIRED');
  }
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND');
}
