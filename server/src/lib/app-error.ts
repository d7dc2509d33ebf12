import type { ErrorCode } from '@aylal/shared/schemas/errors';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  CANNOT_CHANGE_OWN_ROLE: 409,
  TRIP_NOT_FOUND: 404,
  UNSUPPORTED_IMAGE: 415,
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
  CV_CHANGED: 409,
  JOB_NOT_FOUND: 404,
  JOB_CLOSED: 409,
  UNSUPPORTED_FILE: 415,
  TOO_MANY_FILES: 409,
  LOGIN_TO_APPLY: 401,
  CV_REQUIRED: 409,
  ALREADY_APPLIED: 409,
  CV_NOT_FOUND: 404,
  APPLICATION_NOT_FOUND: 404,
  CROSS_SITE_REQUEST: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_UNAVAILABLE: 503,
  PDF_UNREADABLE: 415,
  PDF_ENCRYPTED: 415,
  PDF_ACTIVE_CONTENT: 415,
  PDF_BUSY: 429,
  INTERNAL: 500,
};

/** The one error services throw; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    public readonly code: ErrorCode,
    public readonly details?: unknown,
  ) {
    super(code);
    this.statusCode = STATUS[code];
  }
}
