// The second factor asked after every sign-in of an account that has one (docs/decisions/023),
// Google's and a link's included (Better Auth's own hook asks after `/sign-in/email` only), with no
// "trusted device" that would skip it.

import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { isPlainObject } from './requests.ts';

/** How long the code may be given after the password or Google (Better Auth's two-factor cookie). */
export const CHALLENGE_SECONDS = 10 * 60;

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
export const challengeOtherSignIns = createAuthMiddleware(async (ctx) => {
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
export const refuseTrustedDevices = createAuthMiddleware(async (ctx) => {
  if (isPlainObject(ctx.body)) return { context: { body: { trustDevice: false } } };
});
