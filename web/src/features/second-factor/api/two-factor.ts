import { apiRequest } from '../../../lib/api-client.ts';

// Better Auth's two-factor endpoints (docs/decisions/023), called with plain fetch as the other
// auth calls are. A password is asked where the account has one; a Google-only account sends none
// and must have signed in within 15 minutes.

const withPassword = (password: string | null) => (password === null ? {} : { password });

export interface Enrolment {
  /** The otpauth:// address the QR code carries (the secret inside it). */
  totpURI: string;
  backupCodes: string[];
}

/** POST /api/auth/two-factor/enable: a new secret and backup codes, on once a first code is right. */
export function startEnrolment(password: string | null) {
  return apiRequest<Enrolment>('/api/auth/two-factor/enable', { method: 'POST', body: withPassword(password) });
}

/** POST /api/auth/two-factor/verify-totp: the app's first code turns it on (the session is replaced). */
export function finishEnrolment(code: string) {
  return apiRequest<unknown>('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } });
}

/** POST /api/auth/two-factor/disable. */
export function turnOff(password: string | null) {
  return apiRequest<unknown>('/api/auth/two-factor/disable', { method: 'POST', body: withPassword(password) });
}

/** POST /api/auth/two-factor/generate-backup-codes: ten new ones; the old ones stop working. */
export function newBackupCodes(password: string | null) {
  return apiRequest<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', {
    method: 'POST',
    body: withPassword(password),
  });
}
