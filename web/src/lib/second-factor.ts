import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@aylal/shared/query-keys';
import type { ConfirmIdentityRequest, SecondFactorStatus } from '@aylal/shared/schemas/second-factor';
import { apiRequest } from './api-client.ts';

// The caller's second factor and how fresh their sign-in is (docs/decisions/023), for every
// feature that asks: /profile, the back office's gate, and the "confirm it is you" dialog.

/** GET /api/account/second-factor. */
export function secondFactorStatusQuery() {
  return queryOptions({
    queryKey: queryKeys.account.secondFactor,
    queryFn: ({ signal }) => apiRequest<SecondFactorStatus>('/api/account/second-factor', { signal }),
    staleTime: 0,
  });
}

/** POST /api/account/confirm: the password or a code; answers the status after it. */
export function confirmIdentity(body: ConfirmIdentityRequest) {
  return apiRequest<SecondFactorStatus>('/api/account/confirm', { method: 'POST', body });
}

/**
 * Whether the account has a second factor (an app or a passkey) that this session has not given:
 * changing the account's factors then needs it given, however recent the sign-in.
 */
export function needsTheFactor(status: SecondFactorStatus): boolean {
  return !status.sessionHasSecondFactor && (status.enabled || status.passkeys.length > 0);
}

/** Whether the session is freshly signed in for a while yet (a moment's margin for the request). */
export function isFreshNow(status: SecondFactorStatus | undefined, marginMs = 10_000): boolean {
  return status !== undefined && Date.parse(status.freshUntil) > Date.now() + marginMs;
}

/** "Sign in again with Google", for an account that has neither a password nor a code to confirm with. */
export async function signInAgainWithGoogle(returnTo: string) {
  const callbackURL = `${returnTo}${returnTo.includes('?') ? '&' : '?'}authSuccess=google`;
  const { url } = await apiRequest<{ url?: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL, errorCallbackURL: '/?authError=google' },
  });
  if (url) window.location.assign(url);
}
