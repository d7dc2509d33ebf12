import { z } from 'zod';

// The codes and their statuses are one table, without zod: ../errors.ts.
export { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../errors.ts';

export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
