import { and, eq, sql } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Db } from '../db/client.ts';
import { accounts, users } from '../db/schema/auth.ts';
import {
  DEVICE_SIGN_IN_FAILURES,
  SIGN_IN_FAILURES,
  releaseAttempt,
  takeAttempt,
  type AttemptLimit,
} from './auth-attempts.ts';
import {
  findTrustedDevice,
  issueDeviceCookie,
  type DeviceCookieAttributes,
  type DeviceCookieOptions,
} from './device-cookie.ts';

/**
 * Password guessing stays limited per account without letting guessers lock the owner out
 * (docs/decisions/022, after decision 010): a browser presenting a valid device cookie for the
 * account spends a small budget of its own (DEVICE_SIGN_IN_FAILURES) and is not held by the
 * account-wide lockout; every other caller shares the account's budget (SIGN_IN_FAILURES). A
 * locked-out owner elsewhere can ask for a sign-in link by email.
 */

interface SignInAccount {
  userId: string;
  /** When the password last changed: device cookies issued before it are no longer trusted. */
  trustedSince: Date | null;
}

function emailOf(body: unknown): string {
  const email =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { email?: unknown }).email : '';
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

async function findSignInAccount(db: Db, email: string): Promise<SignInAccount | null> {
  const [row] = await db
    .select({ userId: users.id, trustedSince: accounts.updatedAt })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return row ?? null;
}

/** Which budget this sign-in spends: the browser's own when it is trusted, the account's otherwise. */
function budgetOf(
  account: SignInAccount,
  email: string,
  cookieHeader: string | null | undefined,
  device: DeviceCookieOptions,
): { limit: AttemptLimit; subject: string } {
  const trusted = findTrustedDevice(cookieHeader, device, account);
  return trusted
    ? { limit: DEVICE_SIGN_IN_FAILURES, subject: `${account.userId}:${trusted.nonce}` }
    : { limit: SIGN_IN_FAILURES, subject: email };
}

/**
 * Before `/sign-in/email`: an unknown address is told so (decision 004); a known one takes a place
 * in its budget first, so concurrent guesses cannot overshoot, and 429 AUTH_ACCOUNT_LOCKED (with
 * Retry-After) once the budget is spent, right password included.
 */
export async function guardSignIn(
  db: Db,
  device: DeviceCookieOptions,
  body: unknown,
  cookieHeader: string | null | undefined,
): Promise<void> {
  const email = emailOf(body);
  if (!email) return;
  const account = await findSignInAccount(db, email);
  if (!account)
    throw new APIError('NOT_FOUND', { code: 'AUTH_USER_NOT_FOUND', message: 'No account found with this email.' });
  const { limit, subject } = budgetOf(account, email, cookieHeader, device);
  const attempt = await takeAttempt(db, limit, subject);
  if (!attempt.taken) {
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'AUTH_ACCOUNT_LOCKED', message: 'Too many failed sign-ins for this account' },
      { 'x-retry-after': String(attempt.retryAfterSeconds) },
    );
  }
}

/**
 * After `/sign-in/email` (which reaches here only when `guardSignIn` took a place): only a wrong
 * password keeps it; the same budget is found again from the same request.
 */
export async function settleSignIn(
  db: Db,
  device: DeviceCookieOptions,
  body: unknown,
  cookieHeader: string | null | undefined,
  returned: unknown,
): Promise<void> {
  const email = emailOf(body);
  const wrongPassword = isAPIError(returned) && returned.body?.code === 'INVALID_EMAIL_OR_PASSWORD';
  if (!email || wrongPassword) return;
  const account = await findSignInAccount(db, email);
  if (!account) return;
  const { limit, subject } = budgetOf(account, email, cookieHeader, device);
  await releaseAttempt(db, limit, subject);
}

interface AfterSignInContext {
  headers?: Headers;
  context: { newSession: { user: { id: string } } | null; returned?: unknown };
  setCookie: (key: string, value: string, options?: DeviceCookieAttributes) => string;
}

/**
 * After any request that opened a session (a password, Google, a sign-in link, a sign-up, a new
 * password): the browser gets a fresh device cookie for that account.
 */
export function trustThisBrowser(ctx: AfterSignInContext, device: DeviceCookieOptions): void {
  const session = ctx.context.newSession;
  if (!session) return;
  const returned = ctx.context.returned;
  if (isAPIError(returned) && returned.statusCode >= 400) return;
  const cookie = issueDeviceCookie(ctx.headers?.get('cookie'), device, session.user.id);
  ctx.setCookie(cookie.name, cookie.value, cookie.options);
}

/**
 * Trusts the browser of a whole sign-in only: as a plugin listed after the second factor's, its
 * hook runs once that one has replaced a password's or Google's session by the challenge (and
 * `newSession` by null), so knowing the password alone never marks a browser (decision 022).
 */
export function trustedBrowsersPlugin(device: DeviceCookieOptions): BetterAuthPlugin {
  return {
    id: 'aylal-trusted-browsers',
    hooks: {
      after: [{ matcher: () => true, handler: createAuthMiddleware(async (ctx) => trustThisBrowser(ctx, device)) }],
    },
  };
}
