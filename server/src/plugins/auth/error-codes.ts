import { ERROR_STATUS, type ErrorCode } from '@aylal/shared/errors';
import { SECOND_FACTOR_ERROR_CODES } from '../second-factor.ts';

/**
 * Better Auth's error codes, translated into the product's; each answers with the status the one
 * table gives it (`ERROR_STATUS` in shared/src/errors.ts).
 */
const AUTH_ERROR_CODES: Record<string, ErrorCode> = {
  AUTH_USER_NOT_FOUND: 'AUTH_USER_NOT_FOUND',
  RESET_USER_NOT_FOUND: 'RESET_USER_NOT_FOUND',
  INVALID_EMAIL_OR_PASSWORD: 'AUTH_WRONG_PASSWORD',
  INVALID_PASSWORD: 'AUTH_WRONG_PASSWORD',
  INVALID_EMAIL: 'AUTH_INVALID_EMAIL',
  PASSWORD_TOO_SHORT: 'AUTH_PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'AUTH_PASSWORD_TOO_LONG',
  USER_ALREADY_EXISTS: 'AUTH_USER_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'AUTH_USER_EXISTS',
  INVALID_TOKEN: 'RESET_INVALID_TOKEN',
  TOKEN_EXPIRED: 'RESET_INVALID_TOKEN',
  RESET_PASSWORD_DISABLED: 'RESET_DISABLED',
  EMAIL_PASSWORD_DISABLED: 'AUTH_OPERATION_NOT_ALLOWED',
  VALIDATION_ERROR: 'VALIDATION_FAILED',
  MISSING_FIELD: 'VALIDATION_FAILED',
  BODY_MUST_BE_AN_OBJECT: 'VALIDATION_FAILED',
  FIELD_NOT_ALLOWED: 'VALIDATION_FAILED',
  USER_EMAIL_NOT_FOUND: 'AUTH_GOOGLE_EMAIL_NOT_FOUND',
  AUTH_ACCOUNT_LOCKED: 'AUTH_ACCOUNT_LOCKED',
  EMAIL_ALREADY_VERIFIED: 'EMAIL_ALREADY_VERIFIED',
  EMAIL_MISMATCH: 'VALIDATION_FAILED',
  // Malformed JSON or an unsupported Content-Type: the same answer as every other route gives.
  BAD_REQUEST: 'BAD_REQUEST',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  ...SECOND_FACTOR_ERROR_CODES,
};

/**
 * The product's code and status for an error Better Auth answered with: a code it knows takes the
 * table's status; one it does not is AUTH_FAILED (or the plain 401/404 codes) with Better Auth's
 * own status; a failure of Better Auth itself stays a 500 (503 when the database is away).
 */
export function translateAuthError(status: number, authCode: string | undefined): { status: number; code: ErrorCode } {
  if (status === 429)
    return { status, code: authCode === 'AUTH_ACCOUNT_LOCKED' ? 'AUTH_ACCOUNT_LOCKED' : 'RATE_LIMITED' };
  const known = authCode === undefined ? undefined : AUTH_ERROR_CODES[authCode];
  const code = known ?? (status === 401 ? 'UNAUTHENTICATED' : status === 404 ? 'NOT_FOUND' : 'AUTH_FAILED');
  // A code the product knows as the client's (the passkey plugin answers 500 for a response it
  // cannot read) takes the table's status.
  if (status >= 500 && !(known && ERROR_STATUS[known] < 500)) return { status: status === 503 ? 503 : 500, code };
  return { status: known ? ERROR_STATUS[known] : status, code };
}
