import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every request has an id (issue 26): the one a trusted proxy sent as `X-Request-Id`, else one of
 * our own (12 hex digits, short enough for a customer to read out). It is on every log line of the
 * request (`requestId`), in the answer's `X-Request-Id`, in the web app's message for a 5xx, and
 * on the queued emails and pushes the request caused, whose worker logs it with them.
 */
const REQUEST_ID_HEADER = 'x-request-id';
/** What a proxy's id may look like to be taken as it is (anything else: one of ours). */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,64}$/;

const current = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request this code runs for, if any (a queue row written in it keeps it). */
export function currentRequestId(): string | undefined {
  return current.getStore()?.requestId;
}

/** Fastify's options for the ids: taken from TRUST_PROXY's addresses only, logged as `requestId`. */
export function requestIdOptions(
  trustProxy: string[] | false,
): Pick<FastifyServerOptions, 'genReqId' | 'logController' | 'requestIdHeader'> {
  const trusted = trustProxy ? proxyAddr.compile(trustProxy) : () => false;
  return {
    // Read here, not by Fastify, which would believe any client.
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: (request: IncomingMessage) => {
      const sent = request.headers[REQUEST_ID_HEADER];
      const address = request.socket.remoteAddress;
      if (typeof sent === 'string' && ACCEPTED.test(sent) && address && trusted(address, 0)) return sent;
      return randomBytes(6).toString('hex');
    },
  };
}

/** Answers carry the id, and code that runs for the request can read it (currentRequestId). */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      void reply.header(REQUEST_ID_HEADER, request.id);
      current.run({ requestId: request.id }, done);
    });
  },
  { name: 'request-id' },
);
