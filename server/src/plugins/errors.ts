import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@aylal/shared/errors';
import { AppError } from '../lib/app-error.ts';
import { requestLanguage, translateError } from '../lib/messages.ts';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  details?: unknown,
) {
  const message = translateError(code, requestLanguage(request.headers));
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ error: { code, message, ...(details === undefined ? {} : { details }) } });
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

/**
 * Whether PostgreSQL refused a value the caller sent (SQLSTATE class 22, "data exception": a NUL
 * character in a text, a year it cannot store, a number out of range). Drizzle wraps the driver's
 * error in `cause`.
 */
function isRefusedValue(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** One error model end to end: `{ error: { code, message, details? } }`, message in the caller's language. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.statusCode, error.code, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
        message: issue.message,
      }));
      return sendError(request, reply, 400, 'VALIDATION_FAILED', details);
    }
    // A value no schema caught but the database cannot take is still the caller's bad input.
    if (isRefusedValue(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'value refused by the database');
      return sendError(request, reply, 400, 'BAD_REQUEST');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(request, reply, status, codeForStatus(status));
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return sendError(request, reply, 500, 'INTERNAL');
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'NOT_FOUND'));
});
