// Passkeys (docs/decisions/023): a passkey is two factors at once only with the device's own check
// (PIN, fingerprint, face), asked for outright; a new one is named and makes no second session.

import { APIError, createAuthMiddleware } from 'better-auth/api';
import { PASSKEY_NAME_MAX } from '@aylal/shared/second-factor-rules';
import { isPlainObject } from './requests.ts';

export const passkeyNotVerified = () =>
  new APIError('BAD_REQUEST', {
    code: 'PASSKEY_USER_NOT_VERIFIED',
    message: 'The passkey did not check that it is you (a PIN, fingerprint or face)',
  });

/**
 * A new passkey's registration: a name of at most PASSKEY_NAME_MAX characters (the plugin sets no
 * limit), and no `createSession` (a second session beside the caller's, which would not get the
 * factor the new passkey gives the caller's own).
 */
export const checkPasskeyRegistration = createAuthMiddleware(async (ctx) => {
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
export const requireUserVerification = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  if (!isPlainObject(returned) || typeof returned.challenge !== 'string') return;
  return ctx.json({ ...returned, userVerification: 'required' });
});

/**
 * A passkey just added was checked on the device (the ceremony requires it): the session that
 * added it has given a second factor, as one that set up an authenticator app has.
 */
export const factorGivenByNewPasskey = createAuthMiddleware(async (ctx) => {
  // Only the passkey itself answers success (an error may be another package's APIError class).
  const returned = ctx.context.returned;
  if (!isPlainObject(returned) || typeof returned.credentialID !== 'string') return;
  const session = ctx.context.session?.session;
  if (session) await ctx.context.internalAdapter.updateSession(session.token, { secondFactorAt: new Date() });
});
