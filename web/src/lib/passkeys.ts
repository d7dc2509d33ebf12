import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiRequestError, apiRequest } from './api-client.ts';

// Passkeys (docs/decisions/023) through Better Auth's passkey routes, with plain fetch as the other
// auth calls are (the ceremonies' options are POSTs here: each makes a challenge). The browser's side (@simplewebauthn/browser) loads only when a person adds a
// passkey or signs in with one: no page pays for it up front.

/** Whether this browser can create and use passkeys at all (WebAuthn). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * The browser's own refusals as the product's codes: the person cancelled or let it time out, or
 * the device already holds a passkey for this account. Anything else the browser says is the same
 * "not used" to a person.
 */
function asProductError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new ApiRequestError(0, 'PASSKEY_ALREADY_ADDED', 'already registered');
  }
  return new ApiRequestError(0, 'PASSKEY_CANCELLED', error instanceof Error ? error.message : 'not used');
}

/** Adds a passkey to the signed-in account (refused with FRESH_SIGN_IN_REQUIRED on a session older than 15 minutes). */
export async function addPasskey(name: string): Promise<true> {
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
    '/api/auth/passkey/generate-register-options',
    { method: 'POST', body: {} },
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw asProductError(error);
  });
  const trimmed = name.trim();
  await apiRequest<unknown>('/api/auth/passkey/verify-registration', {
    method: 'POST',
    body: { response, ...(trimmed ? { name: trimmed } : {}) },
  });
  return true;
}

/** Signs in with a passkey of this device (the browser lets the person pick one). */
export async function signInWithPasskey(): Promise<void> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    '/api/auth/passkey/generate-authenticate-options',
    { method: 'POST', body: {} },
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw asProductError(error);
  });
  await apiRequest<unknown>('/api/auth/passkey/verify-authentication', { method: 'POST', body: { response } });
}

/** DELETE /api/account/passkeys/:id: answers where the second factor stands now. */
export function removePasskey<T>(id: string): Promise<T> {
  return apiRequest<T>(`/api/account/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
