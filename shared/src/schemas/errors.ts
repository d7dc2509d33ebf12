import { z } from 'zod';

/** Every error code the API can answer with; the texts are `error:<CODE>` in the web's locales. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'CANNOT_CHANGE_OWN_ROLE',
  'TRIP_NOT_FOUND',
  'UNSUPPORTED_IMAGE',
  'LOGIN_TO_BOOK',
  'TRIP_UNAVAILABLE',
  'SLOT_REQUIRED',
  'POLICY_NOT_ACKNOWLEDGED',
  'SLOT_UNAVAILABLE',
  'SLOT_TAKEN',
  'ALREADY_BOOKED',
  'CANCEL_TOO_LATE',
  'RESCHEDULE_TOO_LATE',
  'CONSULTATION_NOT_FOUND',
  'CONSULTATION_CLOSED',
  'ACTION_NOT_ALLOWED',
  'CONSULTATION_CHANGED',
  'JOB_NOT_FOUND',
  'JOB_CLOSED',
  'UNSUPPORTED_FILE',
  'TOO_MANY_FILES',
  'LOGIN_TO_APPLY',
  'CV_REQUIRED',
  'ALREADY_APPLIED',
  'CV_NOT_FOUND',
  'CV_CHANGED',
  'APPLICATION_NOT_FOUND',
  'CROSS_SITE_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'PDF_UNREADABLE',
  'PDF_ENCRYPTED',
  'PDF_ACTIVE_CONTENT',
  'PDF_BUSY',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
