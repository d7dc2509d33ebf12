/**
 * Better Auth's routes the product does not serve: the admin plugin's (the plugin stays for its
 * fields and checks), the authenticator key of an account that has one (the set-up answers it once,
 * decision 023), Better Auth's own API description (staff read /api/docs), and the passkey
 * plugin's list, rename and removal: passkeys are listed and removed at /api/account/passkeys (the
 * caller's own, 404 for anyone else's, on a fresh sign-in).
 */
export const HIDDEN_PATH =
  /^\/api\/auth\/(admin(\/|$)|two-factor\/get-totp-uri$|open-api(\/|$)|passkey\/(list-user-passkeys|delete-passkey|update-passkey)$)/i;

/**
 * The passkey ceremonies' options make a challenge (a verification row and a cookie): Better Auth
 * serves them as GETs, the product as POSTs, which the same-origin gate covers, so that a page on
 * another site cannot make rows by linking to them; each is passed on to Better Auth as its GET.
 */
export const PASSKEY_OPTIONS_PATH = /^\/api\/auth\/passkey\/generate-(register|authenticate)-options$/i;
