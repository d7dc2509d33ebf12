// Which requests to Better Auth the second factor's checks look at (docs/decisions/023): their
// paths, and their bodies.

/** Where a passkey signs a person in; the session it makes has its second factor. */
export const PASSKEY_SIGN_IN_PATH = '/passkey/verify-authentication';
/** Where a passkey is added: as changing the second factor, on a fresh session that gave the factor it has. */
export const PASSKEY_ADD_PATHS = new Set(['/passkey/generate-register-options', '/passkey/verify-registration']);

/** Where a session is made by giving the second factor. */
export const FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/**
 * Sign-ins Better Auth's two-factor hook leaves alone: Google's return (and its ID-token
 * variant), and an address confirmed with a link, should that ever sign people in.
 */
export function isOtherSignIn(path: string | undefined): boolean {
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
export const SETTINGS_PATHS = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/two-factor/get-totp-uri',
]);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
