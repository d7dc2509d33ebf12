// Who may change an account's second factor (docs/decisions/023): a session that gave the factor
// the account has, freshly signed in when it has no password, and never by guessing codes.

import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { isFresh, proofOf } from './session-proof.ts';

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
export const requireFreshWithoutPassword = createAuthMiddleware(async (ctx) => {
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
  if (!isFresh(proofOf(found.session))) {
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
export const requireFreshFactorSession = createAuthMiddleware(async (ctx) => {
  const found = await getSessionFromCtx(ctx);
  if (!found) return; // The endpoint answers 401.
  if ((await factorNotGiven(ctx, found)) || !isFresh(proofOf(found.session))) {
    throw new APIError('FORBIDDEN', { code: 'FRESH_SIGN_IN_REQUIRED', message: 'Sign in again to add a passkey' });
  }
});

/**
 * Over HTTP a signed-in session checks a code with Better Auth only for the first code of a set-up:
 * once the account has its second factor, a session gives a code at POST /api/account/confirm,
 * which counts wrong codes toward the account's lock. Better Auth's own session path counts none,
 * so it would let a session without the factor guess codes. Server calls (that route's) carry no
 * request and pass; a sign-in's code step has no session yet and passes.
 */
export const refuseSessionCodeGuessing = createAuthMiddleware(async (ctx) => {
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
