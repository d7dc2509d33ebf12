// Better Auth's second-factor and passkey error codes as the product's (docs/decisions/023).

import type { ErrorCode } from '@aylal/shared/errors';

/** Better Auth's two-factor codes, as the product's (plugins/auth/error-codes.ts translates them). */
export const SECOND_FACTOR_ERROR_CODES: Record<string, ErrorCode> = {
  INVALID_CODE: 'TWO_FACTOR_INVALID_CODE',
  INVALID_BACKUP_CODE: 'TWO_FACTOR_INVALID_CODE',
  // The ten minutes for the code have run out, or five wrong codes used this sign-in up.
  INVALID_TWO_FACTOR_COOKIE: 'TWO_FACTOR_SIGN_IN_AGAIN',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'TWO_FACTOR_SIGN_IN_AGAIN',
  TOTP_ALREADY_ENABLED: 'TWO_FACTOR_ALREADY_ENABLED',
  TOTP_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  TWO_FACTOR_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  BACKUP_CODES_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  OTP_NOT_CONFIGURED: 'TWO_FACTOR_NOT_ENABLED',
  OTP_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  FRESH_SIGN_IN_REQUIRED: 'FRESH_SIGN_IN_REQUIRED',
  // The passkey plugin's: a ceremony that did not verify (or ran out of its 5 minutes), a passkey
  // the product does not know, one the device did not check the person for.
  CHALLENGE_NOT_FOUND: 'PASSKEY_FAILED',
  FAILED_TO_VERIFY_REGISTRATION: 'PASSKEY_FAILED',
  AUTHENTICATION_FAILED: 'PASSKEY_FAILED',
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'PASSKEY_FAILED',
  PASSKEY_NOT_FOUND: 'PASSKEY_NOT_FOUND',
  PASSKEY_USER_NOT_VERIFIED: 'PASSKEY_USER_NOT_VERIFIED',
};
