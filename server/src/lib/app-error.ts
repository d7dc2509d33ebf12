import { ERROR_STATUS, type ErrorCode } from '@aylal/shared/errors';

/** The one error services throw; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    public readonly code: ErrorCode,
    public readonly details?: unknown,
  ) {
    super(code);
    this.statusCode = ERROR_STATUS[code];
  }
}
