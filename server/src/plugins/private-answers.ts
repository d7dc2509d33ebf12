import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers the same to whoever asks (the public catalogue, job listings, public
     * settings) and sets its own Cache-Control; without it, its answers are `private, no-store`.
     */
    publicCache?: boolean;
  }
}

/**
 * onSend: what a scope answers is `private, no-store` (kept by no browser or shared cache) unless
 * its route declares `config.publicCache` and the answer is not an error. Registered on the API's
 * scope, it covers every route in it, Better Auth's and the API description's included, whatever
 * a route set itself, and decided by what the route declares, never its URL (decision 021).
 */
export async function keepPrivate(request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.config.publicCache === true && reply.statusCode < 400) return;
  reply.header('cache-control', 'private, no-store');
}

export function keepAnswersPrivate(scope: FastifyInstance) {
  scope.addHook('onSend', keepPrivate);
}
