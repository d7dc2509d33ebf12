// The second factor's part of Better Auth (docs/decisions/023): its two-factor plugin (an
// authenticator app with backup codes) and the product's own plugin beside it, which
// - records on each session when its second factor was given (`sessions.second_factor_at`), so a
//   session made without it is not a staff session (plugins/session.ts);
// - challenges every sign-in of an account that has a second factor, Google's included: Better
//   Auth's own hook challenges `/sign-in/email` only;
// - offers no "trusted device" that would skip the code;
// - asks an account without a password for a fresh sign-in before changing its second factor;
// - lets people add passkeys and sign in with one: a passkey sign-in with the device's own check
//   (PIN, fingerprint, face) is two factors at once, so it gives the session its second factor.
// Kept apart from plugins/auth/config.ts, which only lists these plugins, their table and error codes.

import { passkey } from '@better-auth/passkey';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { ErrorCode } from '@aylal/shared/errors';
import { PASSKEY_NAME_MAX } from '@aylal/shared/second-factor-rules';
import { passkeys, twoFactors } from '../db/schema/auth.ts';

/** How long a sign-in (or a confirmation with the password or a code) counts as fresh. */
export const FRESH_SIGN_IN_SECONDS = 15 * 60;
/** How long the code may be given after the password or Google (Better Auth's two-factor cookie). */
const CHALLENGE_SECONDS = 10 * 60;

/** What a session records of how it was made (columns of `sessions`). */
export interface SessionProof {
  createdAt: Date;
  secondFactorAt: Date | null;
  confirmedAt: Date | null;
}

/** Until when the session counts as freshly signed in: 15 minutes after its sign-in or last confirmation. */
export function freshUntil(session: Pick<SessionProof, 'createdAt' | 'confirmedAt'>): Date {
  const last = Math.max(session.createdAt.getTime(), session.confirmedAt?.getTime() ?? 0);
  return new Date(last + FRESH_SIGN_IN_SECONDS * 1000);
}

export function isFresh(session: Pick<SessionProof, 'createdAt' | 'confirmedAt'>, now = new Date()): boolean {
  return freshUntil(session).getTime() > now.getTime();
}

export type StaffTwoFactor = 'required' | 'optional';
/** Whether an admin's session may act as staff: yes, or first enrol a second factor, or first give it. */
export type StaffAccess = 'granted' | 'enrol' | 'verify';

/**
 * The staff rule: where STAFF_TWO_FACTOR is `required` an admin needs a second factor; wherever an
 * admin has one, their session counts as staff only once it was given in that session.
 */
export function staffAccess(
  mode: StaffTwoFactor,
  account: { hasSecondFactor: boolean; secondFactorAt: Date | null },
): StaffAccess {
  if (!account.hasSecondFactor) return mode === 'required' ? 'enrol' : 'granted';
  return account.secondFactorAt ? 'granted' : 'verify';
}

/** The tables of the two-factor and passkey plugins, for the Drizzle adapter. */
export const secondFactorTables = { twoFactor: twoFactors, passkey: passkeys };

/** Better Auth's two-factor codes, as the product's (plugins/auth/error-codes.ts translates them). */
export const SECOND_FACTOR_ERROR_CODES: Record<string, ErrorCode> = {
  INVALID_CODE: 'TWO_FACTOR_INVALID_CODE',
  INVALID_BACKUP_CODE: 'TWO_FACTOR_INVALID_CODE',
  // The ten minutes for the code have run out, or five wrong codes used this sign-in up.
  INVALID_TWO_FACTOR_COOKIE: 'TWO_FACTOR_SIGN_IN_AGAIN',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'TWO_FACTOR_SIGN_IN_AGAIN',
  TOTP_ALREADY_ENABLED: 'TWO_FACTOR_ALREADY_ENABLED',
  TOTP_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  TWO_FACTOR_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  BACKUP_CODES_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  OTP_NOT_CONFIGURED: 'TWO_FACTOR_NOT_ENABLED',
  OTP_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  FRESH_SIGN_IN_REQUIRED: 'FRESH_SIGN_IN_REQUIRED',
  // The passkey plugin's: a ceremony that did not verify (or ran out of its 5 minutes), a passkey
  // the product does not know, one the device did not check the person for.
  CHALLENGE_NOT_FOUND: 'PASSKEY_FAILED',
  FAILED_TO_VERIFY_REGISTRATION: 'PASSKEY_FAILED',
  AUTHENTICATION_FAILED: 'PASSKEY_FAILED',
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'PASSKEY_FAILED',
  PASSKEY_NOT_FOUND: 'PASSKEY_NOT_FOUND',
  PASSKEY_USER_NOT_VERIFIED: 'PASSKEY_USER_NOT_VERIFIED',
};

/** Where a passkey signs a person in; the session it makes has its second factor. */
export const PASSKEY_SIGN_IN_PATH = '/passkey/verify-authentication';
/** Where a passkey is added: as changing the second factor, on a fresh session that gave the factor it has. */
const PASSKEY_ADD_PATHS = new Set(['/passkey/generate-register-options', '/passkey/verify-registration']);

const passkeyNotVerified = () =>
  new APIError('BAD_REQUEST', {
    code: 'PASSKEY_USER_NOT_VERIFIED',
    message: 'The passkey did not check that it is you (a PIN, fingerprint or face)',
  });

/** Where a session is made by giving the second factor. */
const FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/**
 * Sign-ins Better Auth's two-factor hook leaves alone: Google's return (and its ID-token
 * variant), and an address confirmed with a link, should that ever sign people in.
 */
function isOtherSignIn(path: string | undefined): boolean {
  return (
    path === '/callback/:id' ||
    path === '/oauth2/callback/:providerId' ||
    path === '/sign-in/social' ||
    path === '/sign-in/oauth2' ||
    path === '/verify-email' ||
    // A sign-in link by email (decision 022) is one more way in: the code is asked after it too.
    path === '/magic-link/verify'
  );
}

/** What changes the second factor: an account without a password must have signed in freshly. */
const SETTINGS_PATHS = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/two-factor/get-totp-uri',
]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `returnTo?authSuccess=google` (or `=link`) becomes `returnTo?twoFactor=google`: the web asks for the code there. */
function askForTheCode(location: string, baseURL: string): string {
  const url = new URL(location, baseURL);
  const provider = url.searchParams.get('authSuccess') ?? 'google';
  url.searchParams.delete('authSuccess');
  url.searchParams.set('twoFactor', provider);
  return url.origin === new URL(baseURL).origin ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

/**
 * Replaces a session just made without the second factor by Better Auth's own challenge (the
 * signed `two_factor` cookie naming a verification row, and its attempt counter), exactly as its
 * hook does after a password: the code is then given at `/two-factor/verify-totp` or
 * `/two-factor/verify-backup-code`, which make the session.
 */
const challengeOtherSignIns = createAuthMiddleware(async (ctx) => {
  const created = ctx.context.newSession;
  if (!created) return;
  const user = created.user as typeof created.user & { twoFactorEnabled?: boolean | null };
  const session = created.session as typeof created.session & { secondFactorAt?: Date | null };
  if (!user.twoFactorEnabled || session.secondFactorAt) return;

  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(session.token);
  ctx.context.setNewSession(null);
  const cookie = ctx.context.createAuthCookie('two_factor', { maxAge: CHALLENGE_SECONDS });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: user.id, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({
    value: '0',
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);

  const location = ctx.context.responseHeaders?.get('location');
  if (location) throw ctx.redirect(askForTheCode(location, ctx.context.baseURL));
  return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
});

/** The product offers no trusted devices: every sign-in of an account with a second factor asks for it. */
const refuseTrustedDevices = createAuthMiddleware(async (ctx) => {
  if (isPlainObject(ctx.body)) return { context: { body: { trustDevice: false } } };
});

/** What the checks below read of Better Auth's context: its adapter, to count passkeys. */
interface PasskeyCounter {
  context: {
    adapter: { count: (query: { model: string; where: { field: string; value: string }[] }) => Promise<number> };
  };
}

/**
 * Whether the account has a second factor (an authenticator app or a passkey) that this session has
 * not given: such a session may not change the account's factors, with or without the password
 * (else a password alone would turn an app on over a passkey-only admin's head, and be staff).
 */
async function factorNotGiven(ctx: PasskeyCounter, found: { user: { id: string }; session: object }): Promise<boolean> {
  if ((found.session as { secondFactorAt?: Date | string | null }).secondFactorAt) return false;
  if ((found.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return true;
  const passkeys = await ctx.context.adapter.count({
    model: 'passkey',
    where: [{ field: 'userId', value: found.user.id }],
  });
  return passkeys > 0;
}

/**
 * Better Auth changes the second factor of an account without a password (Google only) on the
 * session alone: such an account must have signed in, or confirmed with a code, within 15
 * minutes, so a session left open elsewhere cannot take the account's factor over.
 */
const requireFreshWithoutPassword = createAuthMiddleware(async (ctx) => {
  const found = await getSessionFromCtx(ctx);
  if (!found) return; // The endpoint answers 401.
  // A session that has not given the account's second factor (one from before it was set up, a
  // password sign-in of an account with a passkey, or a sign-in still to be completed) cannot change
  // it, with or without the password.
  if (await factorNotGiven(ctx, found)) {
    throw new APIError('FORBIDDEN', {
      code: 'FRESH_SIGN_IN_REQUIRED',
      message: 'Sign in again to change your second factor',
    });
  }
  const credential = await ctx.context.internalAdapter.findCredentialAccount(found.user.id);
  if (credential?.password) return; // Better Auth asks for the password.
  const session = found.session as typeof found.session & { confirmedAt?: Date | string | null };
  const proof = {
    createdAt: new Date(session.createdAt),
    confirmedAt: session.confirmedAt ? new Date(session.confirmedAt) : null,
  };
  if (!isFresh(proof)) {
    throw new APIError('FORBIDDEN', {
      code: 'FRESH_SIGN_IN_REQUIRED',
      message: 'Sign in again to change your second factor',
    });
  }
});

/**
 * Adding a passkey adds a way in (and a staff factor): only on a session signed in (or confirmed)
 * within 15 minutes that gave the factor the account already has, so a session left open
 * elsewhere cannot plant one. Better Auth's own check here allows a day.
 */
const requireFreshFactorSession = createAuthMiddleware(async (ctx) => {
  const found = await getSessionFromCtx(ctx);
  if (!found) return; // The endpoint answers 401.
  const session = found.session as typeof found.session & { confirmedAt?: Date | string | null };
  const proof = {
    createdAt: new Date(session.createdAt),
    confirmedAt: session.confirmedAt ? new Date(session.confirmedAt) : null,
  };
  if ((await factorNotGiven(ctx, found)) || !isFresh(proof)) {
    throw new APIError('FORBIDDEN', { code: 'FRESH_SIGN_IN_REQUIRED', message: 'Sign in again to add a passkey' });
  }
});

/**
 * A new passkey's registration: a name of at most PASSKEY_NAME_MAX characters (the plugin sets no
 * limit), and no `createSession` (a second session beside the caller's, which would not get the
 * factor the new passkey gives the caller's own).
 */
const checkPasskeyRegistration = createAuthMiddleware(async (ctx) => {
  if (!isPlainObject(ctx.body)) return;
  const { name, createSession } = ctx.body;
  const badName = name !== undefined && (typeof name !== 'string' || name.trim().length > PASSKEY_NAME_MAX);
  if (badName || createSession !== undefined) {
    throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: 'Not a passkey registration we take' });
  }
});

/**
 * The plugin asks a sign-in's device to check the person only if it can ("preferred"); an answer
 * without the check is refused anyway, so ask for it outright: a security key then asks for its
 * PIN rather than failing after the touch.
 */
const requireUserVerification = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  if (!isPlainObject(returned) || typeof returned.challenge !== 'string') return;
  return ctx.json({ ...returned, userVerification: 'required' });
});

/**
 * A passkey just added was checked on the device (the ceremony requires it): the session that
 * added it has given a second factor, as one that set up an authenticator app has.
 */
const factorGivenByNewPasskey = createAuthMiddleware(async (ctx) => {
  // Only the passkey itself answers success (an error may be another package's APIError class).
  const returned = ctx.context.returned;
  if (!isPlainObject(returned) || typeof returned.credentialID !== 'string') return;
  const session = ctx.context.session?.session;
  if (session) await ctx.context.internalAdapter.updateSession(session.token, { secondFactorAt: new Date() });
});

/**
 * Over HTTP a signed-in session checks a code with Better Auth only for the first code of a set-up:
 * once the account has its second factor, a session gives a code at POST /api/account/confirm,
 * which counts wrong codes toward the account's lock. Better Auth's own session path counts none,
 * so it would let a session without the factor guess codes. Server calls (that route's) carry no
 * request and pass; a sign-in's code step has no session yet and passes.
 */
const refuseSessionCodeGuessing = createAuthMiddleware(async (ctx) => {
  if (!ctx.request) return;
  const found = await getSessionFromCtx(ctx);
  if (!found) return;
  // An app already on: codes are given at /api/account/confirm. A passkey not given in this
  // session: the app may not be set up from it (see factorNotGiven).
  const holder = found.user as { twoFactorEnabled?: boolean | null };
  if (holder.twoFactorEnabled || (await factorNotGiven(ctx, found))) {
    throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found' });
  }
});

/** The product's plugin: the session columns, the challenge of other sign-ins, and the checks above. */
function sessionSecondFactor(): BetterAuthPlugin {
  return {
    id: 'aylal-second-factor',
    schema: {
      session: {
        fields: {
          secondFactorAt: { type: 'date', required: false, input: false },
          confirmedAt: { type: 'date', required: false, input: false },
        },
      },
    },
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              // A session made by giving the code has its second factor; one that replaces the
              // caller's own (a new password, the factor turned on or off) keeps what that one had.
              before: async (session, ctx) => {
                if (ctx?.path && (FACTOR_PATHS.has(ctx.path) || ctx.path === PASSKEY_SIGN_IN_PATH)) {
                  return { data: { ...session, secondFactorAt: new Date() } };
                }
                const current = ctx?.context.session as
                  | { user: { id: string }; session: { secondFactorAt?: Date | null; confirmedAt?: Date | null } }
                  | null
                  | undefined;
                if (current && current.user.id === session.userId) {
                  const fields = session as typeof session & {
                    secondFactorAt?: Date | null;
                    confirmedAt?: Date | null;
                  };
                  return {
                    data: {
                      ...session,
                      secondFactorAt: fields.secondFactorAt ?? current.session.secondFactorAt ?? null,
                      confirmedAt: fields.confirmedAt ?? current.session.confirmedAt ?? null,
                    },
                  };
                }
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        { matcher: (ctx) => FACTOR_PATHS.has(ctx.path ?? ''), handler: refuseTrustedDevices },
        { matcher: (ctx) => FACTOR_PATHS.has(ctx.path ?? ''), handler: refuseSessionCodeGuessing },
        { matcher: (ctx) => SETTINGS_PATHS.has(ctx.path ?? ''), handler: requireFreshWithoutPassword },
        { matcher: (ctx) => PASSKEY_ADD_PATHS.has(ctx.path ?? ''), handler: requireFreshFactorSession },
        { matcher: (ctx) => ctx.path === '/passkey/verify-registration', handler: checkPasskeyRegistration },
      ],
      after: [
        { matcher: (ctx) => isOtherSignIn(ctx.path), handler: challengeOtherSignIns },
        { matcher: (ctx) => ctx.path === '/passkey/verify-registration', handler: factorGivenByNewPasskey },
        { matcher: (ctx) => ctx.path === '/passkey/generate-authenticate-options', handler: requireUserVerification },
      ],
    },
  };
}

/**
 * Better Auth's two-factor plugin (authenticator apps, ten one-time backup codes, both encrypted
 * with AUTH_SECRET), then the product's own. An account without a password (Google only) enrols
 * without one, on a fresh sign-in.
 */
export function secondFactorPlugins({ publicUrl }: { publicUrl: string }) {
  const site = new URL(publicUrl);
  return [
    twoFactor({
      issuer: 'Aylal',
      allowPasswordless: true,
      twoFactorCookieMaxAge: CHALLENGE_SECONDS,
      backupCodeOptions: { amount: 10, length: 10 },
    }),
    // Passkeys for PUBLIC_URL's host name (a browser offers them on that name only), checked with
    // the device's own PIN, fingerprint or face when added and at every sign-in.
    passkey({
      rpID: site.hostname,
      rpName: 'Aylal',
      origin: site.origin,
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      registration: {
        afterVerification: async ({ verification }) => {
          if (!verification.registrationInfo?.userVerified) throw passkeyNotVerified();
        },
      },
      authentication: {
        afterVerification: async ({ verification }) => {
          if (!verification.authenticationInfo.userVerified) throw passkeyNotVerified();
        },
      },
    }),
    sessionSecondFactor(),
  ];
}
