import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { sendError } from '../errors.ts';
import type { Auth } from './config.ts';
import { translateAuthError } from './error-codes.ts';
import { HIDDEN_PATH, PASSKEY_OPTIONS_PATH } from './served-paths.ts';
import { withSessionHint } from './session-hint.ts';
import { findInputProblem, toWebRequest } from './web-request.ts';

/**
 * Mounts Better Auth at /api/auth/* in its own scope: bodies pass through as raw strings (Fastify
 * would refuse an empty JSON body before Better Auth sees it), every response header is copied
 * back (several Set-Cookie included), and error bodies take the product's one error shape.
 */
export async function authRoutes(app: FastifyInstance, { auth, config }: { auth: Auth; config: Config }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    schema: { hide: true },
    // Better Auth reads JSON bodies only (plugins/same-origin.ts refuses any other with 415). Any
    // answer may change a session (some links write on a GET); a POST may change an account too
    // (signing up, a name: lib/changes.ts).
    config: { bodies: 'json', changes: ['session'] },
    handler: async (request, reply) => {
      if (request.method === 'POST') request.changed('account');
      const base = `http://${request.headers.host ?? 'localhost'}`;
      if (!URL.canParse(request.url, base)) return sendError(request, reply, 400, 'BAD_REQUEST');
      const url = new URL(request.url, base);
      // The path as the router decoded it (`/%61pi/auth/%73ign-out` is `/api/auth/sign-out`),
      // written again in its one spelling, dot segments resolved: what is checked here is what
      // Better Auth routes (decision 021).
      url.pathname = `/api/auth/${(request.params as { '*': string })['*']}`;
      // Roles and passwords of others change only under /api/admin (docs/decisions): Better Auth's
      // admin routes take any string as a role and let an admin change their own.
      if (HIDDEN_PATH.test(url.pathname)) return sendError(request, reply, 404, 'NOT_FOUND');
      const passkeyOptions = PASSKEY_OPTIONS_PATH.test(url.pathname);
      if (passkeyOptions && request.method !== 'POST') return sendError(request, reply, 404, 'NOT_FOUND');
      const problem = findInputProblem(`${request.url} ${url.href}`, request.headers['content-type'], request.body);
      if (problem) return sendError(request, reply, 400, problem);
      const response = await auth.handler(toWebRequest(request, url, passkeyOptions ? 'GET' : request.method));
      const contentType = response.headers.get('content-type') ?? '';
      // An unknown auth path answers 404 with no body at all: give it the one error shape too.
      if (response.status >= 400 && (contentType.includes('application/json') || response.body === null)) {
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        const { status, code } = translateAuthError(response.status, body.code);
        const isUnavailable = response.status === 503;
        if (response.status >= 500 && !isUnavailable) request.log.error({ authError: body }, 'auth error');
        if (isUnavailable) request.log.warn('database unavailable');
        for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
        const retryAfter = response.headers.get('x-retry-after');
        if (retryAfter) reply.header('retry-after', retryAfter);
        return sendError(request, reply, status, code);
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = withSessionHint(response.headers.getSetCookie(), config.isProduction);
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
