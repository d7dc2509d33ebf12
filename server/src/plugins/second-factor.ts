// The second factor's part of Better Auth (docs/decisions/023): its two-factor plugin (an
// authenticator app with backup codes) and the product's own plugin beside it, which
// - records on each session when its second factor was given (`sessions.second_factor_at`), so a
//   session made without it is not a staff session (plugins/session.ts);
// - challenges every sign-in of an account that has a second factor, Google's included: Better
//   Auth's own hook challenges `/sign-in/email` only;
// - offers no "trusted device" that would skip the code;
// - asks an account without a password for a fresh sign-in before changing its second factor;
// - lets people add passkeys and sign in with one: a passkey sign-in with the device's own check
//   (PIN, fingerprint, face) is two factors at once, so it gives the session its second factor.
// Kept apart from plugins/auth/config.ts, which only lists these plugins, their table and error codes;
// each part is in plugins/second-factor/.

import { passkey } from '@better-auth/passkey';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { passkeys, twoFactors } from '../db/schema/auth.ts';
import { CHALLENGE_SECONDS } from './second-factor/challenge.ts';
import { passkeyNotVerified } from './second-factor/passkey-checks.ts';
import { sessionSecondFactor } from './second-factor/session-plugin.ts';

export { SECOND_FACTOR_ERROR_CODES } from './second-factor/error-codes.ts';
export { PASSKEY_SIGN_IN_PATH } from './second-factor/requests.ts';
export {
  FRESH_SIGN_IN_SECONDS,
  freshUntil,
  isFresh,
  staffAccess,
  type SessionProof,
  type StaffAccess,
  type StaffTwoFactor,
} from './second-factor/session-proof.ts';

/** The tables of the two-factor and passkey plugins, for the Drizzle adapter. */
export const secondFactorTables = { twoFactor: twoFactors, passkey: passkeys };

/**
 * Better Auth's two-factor plugin (authenticator apps, ten one-time backup codes, both encrypted
 * with AUTH_SECRET), then the product's own. An account without a password (Google only) enrols
 * without one, on a fresh sign-in.
 */
export function secondFactorPlugins({ publicUrl }: { publicUrl: string }) {
  const site = new URL(publicUrl);
  return [
    twoFactor({
      issuer: 'Aylal',
      allowPasswordless: true,
      twoFactorCookieMaxAge: CHALLENGE_SECONDS,
      backupCodeOptions: { amount: 10, length: 10 },
    }),
    // Passkeys for PUBLIC_URL's host name (a browser offers them on that name only), checked with
    // the device's own PIN, fingerprint or face when added and at every sign-in.
    passkey({
      rpID: site.hostname,
      rpName: 'Aylal',
      origin: site.origin,
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      registration: {
        afterVerification: async ({ verification }) => {
          if (!verification.registrationInfo?.userVerified) throw passkeyNotVerified();
        },
      },
      authentication: {
        afterVerification: async ({ verification }) => {
          if (!verification.authenticationInfo.userVerified) throw passkeyNotVerified();
        },
      },
    }),
    sessionSecondFactor(),
  ];
}
