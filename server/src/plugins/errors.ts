import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@aylal/shared/errors';
import { AppError } from '../lib/app-error.ts';
import { PG_ERROR_CLASS, isPgErrorClass, isTransactionConflict } from '../db/pg-error.ts';
import { StorageUnavailableError } from '../lib/storage.ts';
import { describeUnavailable, findUnavailableCause, RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { requestLanguage, translateError, translateFieldMessage } from '../lib/messages.ts';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  details?: unknown,
) {
  const message = translateError(code, requestLanguage(request.headers));
  return (
    reply
      .status(status)
      .type('application/json; charset=utf-8')
      // An error may depend on who asked (401, 403, a draft's 404), and none is worth keeping.
      .header('cache-control', 'private, no-store')
      .send({ error: { code, message, ...(details === undefined ? {} : { details }) } })
  );
}

/**
 * What the router cannot route, answered in our shape rather than Fastify's (its `frameworkErrors`;
 * no hook runs for these): a malformed percent-encoding in the path (`/%zz`, `/api/trips/%E0%A4%A`)
 * is the caller's BAD_REQUEST, on API and page paths alike; a path parameter longer than any id
 * names nothing (NOT_FOUND).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(request, reply, 404, 'NOT_FOUND');
  if (error.code === 'FST_ERR_BAD_URL') return sendError(request, reply, 400, 'BAD_REQUEST');
  request.log.error({ err: error }, 'router error');
  return sendError(request, reply, 500, 'INTERNAL');
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

/**
 * Whether PostgreSQL refused a value the caller sent (SQLSTATE class 22, "data exception": a NUL
 * character in a text, a year it cannot store, a number out of range). Drizzle wraps the driver's
 * error in `cause`.
 */
function isRefusedValue(error: unknown): boolean {
  return isPgErrorClass(error, PG_ERROR_CLASS.DATA_EXCEPTION);
}

/** busboy's words (under @fastify/multipart) for a body that is not the multipart it claims to be. */
const MALFORMED_MULTIPART =
  /^Multipart: Boundary not found$|unexpected end of multipart data$|^Unsupported Content-Type\.$/i;

/**
 * Whether an upload's body is malformed (no boundary, a part cut short, bytes that hold no part):
 * busboy throws plain Errors for these, known only by their words; @fastify/multipart's own
 * errors (limits, a premature close) carry a status and are answered by it.
 */
function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  return (
    error.statusCode === undefined &&
    /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '') &&
    MALFORMED_MULTIPART.test(error.message)
  );
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
        // The shared schemas word their own refusals as i18n keys: answered in the caller's language.
        message: issue.message && translateFieldMessage(issue.message, requestLanguage(request.headers)),
      }));
      return sendError(request, reply, 400, 'VALIDATION_FAILED', details);
    }
    if (isMalformedMultipart(error, request)) {
      request.log.warn({ err: error, reqId: request.id }, 'malformed multipart body');
      return sendError(request, reply, 400, 'BAD_REQUEST');
    }
    // A value no schema caught but the database cannot take is still the caller's bad input.
    if (isRefusedValue(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'value refused by the database');
      return sendError(request, reply, 400, 'BAD_REQUEST');
    }
    // The upload store (S3) did not answer or refused: as for the database, try again soon.
    if (error instanceof StorageUnavailableError) {
      request.log.warn({ cause: error.message }, 'storage unavailable');
      return sendError(request, reply.header('retry-after', String(RETRY_AFTER_SECONDS)), 503, 'SERVICE_UNAVAILABLE');
    }
    // A transaction PostgreSQL ended to break a deadlock (after the retries of its own route):
    // nothing was written, and the same request sent again goes through.
    if (isTransactionConflict(error)) {
      request.log.warn({ reqId: request.id }, 'transaction ended by a deadlock or serialization conflict');
      return sendError(request, reply.header('retry-after', '1'), 503, 'SERVICE_UNAVAILABLE');
    }
    // The database went away (restarting, or its server is down): the request may be retried soon.
    // One warning line, no stack: under an outage every request lands here.
    const unavailable = findUnavailableCause(error);
    if (unavailable) {
      request.log.warn({ cause: describeUnavailable(unavailable) }, 'database unavailable');
      return sendError(request, reply.header('retry-after', String(RETRY_AFTER_SECONDS)), 503, 'SERVICE_UNAVAILABLE');
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
