/**
 * The second factor's rules shared by the web and the server, zod-free (docs/decisions/023).
 * A code is the authenticator app's six digits or one of the ten backup codes (`Ab3dE-f9GhK`:
 * ten letters and digits, shown with a hyphen in the middle).
 */

/** The account's options for a fresh sign-in and the session's, as the server answers them. */
export const STAFF_ACCESS = ['granted', 'enrol', 'verify'] as const;
export type StaffAccessState = (typeof STAFF_ACCESS)[number];

export const TOTP_DIGITS = 6;
export const BACKUP_CODE_COUNT = 10;

/** The longest name a person may give a passkey ("Work laptop", "Phone"). */
export const PASSKEY_NAME_MAX = 60;

export type SecondFactorCode = { kind: 'totp'; code: string } | { kind: 'backup'; code: string };

/**
 * What a person typed as a code, read generously: spaces and a missing or extra hyphen do not
 * matter; a backup code keeps its letters' case (they are part of it). Null when it is neither.
 */
export function readSecondFactorCode(input: string): SecondFactorCode | null {
  const compact = input.replace(/[\s-]+/g, '');
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (/^[A-Za-z0-9]{10}$/.test(compact)) return { kind: 'backup', code: `${compact.slice(0, 5)}-${compact.slice(5)}` };
  return null;
}

/** The secret inside an `otpauth://totp/...?secret=...` address, in groups of four for typing by hand. */
export function totpSecretOf(uri: string): string {
  const match = /[?&]secret=([A-Z2-7]+)/i.exec(uri);
  return match ? match[1]!.toUpperCase().replace(/(.{4})(?=.)/g, '$1 ') : '';
}
