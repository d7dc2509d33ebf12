import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { logError, logRequest } from '../lib/log-errors.ts';
import { parseQueryString } from '../lib/query-string.ts';
import { requestIdOptions } from '../lib/request-id.ts';
import { answerFrameworkError } from './errors.ts';

/**
 * The Fastify instance's options: the log (errors without their queries' parameters, requests
 * without their query strings), the request ids (lib/request-id.ts), the proxies trusted, the body limit, the query string parser and
 * our answer to a path the router cannot decode.
 */
export interface FastifyOptionsInput {
  logger?: boolean;
  /** Where the log's lines go: standard output unless given (tests read them). */
  logStream?: { write: (line: string) => void };
}

export function fastifyOptions(config: Config, { logger, logStream }: FastifyOptionsInput): FastifyServerOptions {
  const serializers = {
    err: (error: Error) => logError(error) as { type: string; message: string; stack: string },
    req: logRequest,
  };
  const trustProxy = config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((entry) => entry.trim()) : false;
  return {
    ...requestIdOptions(trustProxy),
    logger:
      logger === false ? false : { level: config.LOG_LEVEL, serializers, ...(logStream ? { stream: logStream } : {}) },
    trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString },
    frameworkErrors: answerFrameworkError,
  };
}
