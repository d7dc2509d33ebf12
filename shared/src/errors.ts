/**
 * Every error code the API answers with, and its HTTP status: the one table both the code list
 * and the statuses come from (docs/decisions/003-one-error-catalogue.md). The texts are
 * `error:<CODE>` in the web's locales, in English and Mongolian (a server test checks every code
 * has both). The web's own codes (NETWORK, AUTH_GOOGLE_FAILED, ...) are texts only, not here.
 */
export const ERROR_STATUS = {
  // Any route
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  CROSS_SITE_REQUEST: 403,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,

  // Sign-in, sign-up and password reset (Better Auth's codes, translated by the bridge in
  // server/src/plugins/auth/error-codes.ts). AUTH_FAILED stands for a code of Better Auth's the bridge does not
  // know, and keeps the status Better Auth gave it.
  AUTH_USER_NOT_FOUND: 404,
  AUTH_WRONG_PASSWORD: 401,
  AUTH_INVALID_EMAIL: 400,
  AUTH_PASSWORD_TOO_SHORT: 400,
  AUTH_PASSWORD_TOO_LONG: 400,
  AUTH_USER_EXISTS: 422,
  AUTH_OPERATION_NOT_ALLOWED: 400,
  AUTH_GOOGLE_EMAIL_NOT_FOUND: 401,
  AUTH_FAILED: 400,
  RESET_USER_NOT_FOUND: 404,
  RESET_INVALID_TOKEN: 400,
  RESET_DISABLED: 400,
  // Decision 022: an account locked by wrong passwords (a sign-in link is offered), a verified address.
  AUTH_ACCOUNT_LOCKED: 429,
  EMAIL_ALREADY_VERIFIED: 400,

  // The second factor and fresh sign-ins (docs/decisions/023)
  TWO_FACTOR_REQUIRED: 403,
  FRESH_SIGN_IN_REQUIRED: 403,
  TWO_FACTOR_INVALID_CODE: 401,
  TWO_FACTOR_SIGN_IN_AGAIN: 401,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  // Passkeys: a ceremony that did not verify, a passkey the product does not know, one the device
  // did not check the person for (PASSKEY_CANCELLED, the browser's, is the web's own text).
  PASSKEY_FAILED: 400,
  PASSKEY_NOT_FOUND: 401,
  PASSKEY_USER_NOT_VERIFIED: 400,

  // Users
  CANNOT_CHANGE_OWN_ROLE: 409,

  // Trips
  TRIP_NOT_FOUND: 404,
  UNSUPPORTED_IMAGE: 415,

  // Consultations
  LOGIN_TO_BOOK: 401,
  TRIP_UNAVAILABLE: 404,
  SLOT_REQUIRED: 400,
  POLICY_NOT_ACKNOWLEDGED: 400,
  SLOT_UNAVAILABLE: 400,
  SLOT_TAKEN: 409,
  ALREADY_BOOKED: 409,
  CANCEL_TOO_LATE: 409,
  RESCHEDULE_TOO_LATE: 409,
  CONSULTATION_NOT_FOUND: 404,
  CONSULTATION_CLOSED: 409,
  ACTION_NOT_ALLOWED: 409,
  CONSULTATION_CHANGED: 409,

  // Jobs, CVs and applications
  JOB_NOT_FOUND: 404,
  JOB_CLOSED: 409,
  UNSUPPORTED_FILE: 415,
  TOO_MANY_FILES: 409,
  LOGIN_TO_APPLY: 401,
  CV_REQUIRED: 409,
  ALREADY_APPLIED: 409,
  CV_NOT_FOUND: 404,
  CV_CHANGED: 409,
  APPLICATION_NOT_FOUND: 404,
  PDF_UNREADABLE: 415,
  PDF_ENCRYPTED: 415,
  PDF_ACTIVE_CONTENT: 415,
  PDF_BUSY: 429,
  NOTIFICATION_NOT_FOUND: 404,
  // Web Push subscriptions (docs/decisions/024)
  PUSH_ENDPOINT_REFUSED: 400,
  PUSH_SUBSCRIPTION_TAKEN: 409,
  // Profile and account
  PROFILE_NOT_FOUND: 404,

  // Visa applications (docs/decisions/016)
  VISA_NOT_FOUND: 404,
  VISA_CHANGED: 409,
  VISA_INCOMPLETE: 400,
  VISA_NOT_EDITABLE: 409,
  VISA_DRAFTS_LIMIT: 409,
  VISA_YEARLY_LIMIT: 409,
  DOCUMENT_STORAGE_FULL: 413,
  DEPENDANT_EXISTS: 409,
  // Decision 031: the applicant is not their own dependant.
  DEPENDANT_IS_APPLICANT: 409,
  DEPENDANT_NOT_FOUND: 404,
  TOO_MANY_DEPENDANTS: 409,
  DOCUMENT_NOT_FOUND: 404,
  VISA_PROCESSING_UNAVAILABLE: 409,
  VISA_REQUEST_REQUIRED: 409,
  VISA_FORM_REQUIRED: 409,
  VISA_ALREADY_BOOKED: 409,
  VISA_CONSENT_REQUIRED: 409,

  // Writes sent once (docs/decisions/028)
  IDEMPOTENCY_KEY_INVALID: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  REQUEST_IN_PROGRESS: 409,

  CONTACT_NOT_FOUND: 404,
  CONTACT_TOO_MANY: 429,
  CONTACT_MERGE_INVALID: 409,
  CONTACT_MERGE_OTHER_PERSON: 409,
  CONTACT_ASSIGNEE_INVALID: 400,
  CONTACT_HIDDEN_FIELD: 400,
  CONTACT_SENT_TOO_FAST: 400,
  CONTACT_FORM_EXPIRED: 400,
  CONTACT_FORM_INVALID: 400,

  // Payments (docs/decisions/033)
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_NOT_DUE: 409,
  PAYMENT_METHOD_UNAVAILABLE: 400,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  PAYMENT_NOT_REFUNDABLE: 409,
  PAYMENT_REFUND_AMOUNT_INVALID: 400,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every error code the API can answer with. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}
