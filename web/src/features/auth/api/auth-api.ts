import type { SignInRequest, SignUpRequest } from '@aylal/shared/schemas/auth';
import type { SecondFactorCode } from '@aylal/shared/second-factor-rules';
import { apiRequest } from '../../../lib/api-client.ts';

// Better Auth's endpoints, called with plain fetch: no auth client library in the bundle.

/**
 * Signed in, or (the account has a second factor) waiting for its code: `twoFactorRedirect`. The
 * account as it was before this sign-in: `lastLoginAt` null is its first (the welcome says so).
 */
export function signInWithEmail(body: SignInRequest) {
  return apiRequest<{ twoFactorRedirect?: boolean; user?: { lastLoginAt?: string | null } }>(
    '/api/auth/sign-in/email',
    {
      method: 'POST',
      body: { ...body, rememberMe: true },
    },
  );
}

/** The second step of a sign-in (docs/decisions/023): the app's code or a backup code makes the session. */
export function verifySecondFactor(code: SecondFactorCode) {
  const route = code.kind === 'totp' ? 'verify-totp' : 'verify-backup-code';
  return apiRequest<unknown>(`/api/auth/two-factor/${route}`, { method: 'POST', body: { code: code.code } });
}

export function signUpWithEmail(body: SignUpRequest) {
  return apiRequest<unknown>('/api/auth/sign-up/email', { method: 'POST', body });
}

export function signOut() {
  return apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });
}

export function requestPasswordReset(email: string) {
  return apiRequest<unknown>('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: `${window.location.origin}/reset-password` },
  });
}

export function resetPassword(token: string, newPassword: string) {
  return apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });
}

/**
 * Emails a one-time sign-in link (decision 022): offered when the account is locked by wrong
 * passwords. The server decides where it lands and answers alike for any address.
 */
export function requestSignInLink(email: string) {
  return apiRequest<unknown>('/api/auth/sign-in/magic-link', { method: 'POST', body: { email } });
}

/** Sends the address-verification link again (signed in: to the account's own address). */
export function sendVerificationEmail(email: string) {
  return apiRequest<unknown>('/api/auth/send-verification-email', { method: 'POST', body: { email } });
}

/** Starts Google sign-in: the server answers with the provider's URL and the browser goes there. */
export async function startGoogleSignIn(returnTo: string) {
  // Back on the page it started from, the app sees `authSuccess` and greets the person as after an
  // email sign-in (toasts, admins to the back office).
  // A new account comes back with `authSuccess=new`: its first sign-in, welcomed as one.
  const back = (kind: string) => `${returnTo}${returnTo.includes('?') ? '&' : '?'}authSuccess=${kind}`;
  const result = await apiRequest<{ url?: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: {
      provider: 'google',
      callbackURL: back('google'),
      newUserCallbackURL: back('new'),
      errorCallbackURL: '/?authError=google',
    },
  });
  if (!result.url) throw new Error('no redirect');
  window.location.assign(result.url);
}
