import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The bodies a route reads, when narrower than the API's (JSON, or multipart where an upload
     * route parses it): 'json' for Better Auth's routes.
     */
    bodies?: 'json';
    /**
     * A payment provider's server calls this route (QPay's callback, a card provider's webhook): it
     * sends no Origin, and the route checks its own token or signature instead (decision 033).
     */
    fromProvider?: true;
  }
}

/** The methods that only read; every other one (POST, PUT, PATCH, DELETE, and any other) may change something. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The bodies the API reads: JSON everywhere, multipart on the upload routes (which parse it themselves). */
const ACCEPTED_BODY_TYPES = new Set(['application/json', 'multipart/form-data']);

export interface SameOriginOptions {
  /** The origins the product is served from: PUBLIC_URL, and in development the loopback names too. */
  origins: string[];
}

function mediaType(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  return header?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/**
 * Writes come only from the product's own pages (docs/decisions/010-hardening.md, 021). A browser
 * sends `Origin` with every POST, PUT, PATCH and DELETE, and `Sec-Fetch-Site` with every request; a
 * page on another site, or on another port of this host (same-site, so Lax cookies travel with it),
 * is refused before any handler runs, whatever it sends. Non-browser clients send our Origin too.
 * Then a body must be JSON (or multipart where an upload route takes it): a form encoding, which a
 * foreign page can send without asking, is never read as anything.
 *
 * The rule holds for every request that is not a read, whatever its path: the router decodes a path
 * (`/%61pi/...` is `/api/...`) and takes an absolute URL as the request target, so a test of the raw
 * URL can be stepped around (decision 021). Which bodies a route reads is what the matched route
 * declares (`config.bodies`), never its URL.
 */
export const sameOriginPlugin = fp(async (app: FastifyInstance, { origins }: SameOriginOptions) => {
  const allowed = new Set(origins.map((origin) => new URL(origin).origin));

  app.addHook('onRequest', async (request, reply) => {
    if (READS.has(request.method) || request.routeOptions.config.fromProvider) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (!origin || !allowed.has(origin) || fetchSite === 'cross-site' || fetchSite === 'same-site') {
      request.log.warn({ origin, fetchSite, route: request.routeOptions.url }, 'cross-site write refused');
      return sendError(request, reply, 403, 'CROSS_SITE_REQUEST');
    }
    const type = mediaType(request);
    const accepted =
      request.routeOptions.config.bodies === 'json' ? type === 'application/json' : ACCEPTED_BODY_TYPES.has(type!);
    if (type !== undefined && !accepted) {
      return sendError(request, reply, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });
});
