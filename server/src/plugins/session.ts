import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '@aylal/shared/auth';
import { AppError } from '../lib/app-error.ts';
import type { Auth } from './auth.ts';

export interface CurrentUser {
  id: string;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless signed in. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 when signed out, 403 unless the role is admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

/** Reads the Better Auth session once per request that asks for it; the server is the authority. */
export const sessionPlugin = fp(async (app: FastifyInstance, { auth }: { auth: Auth }) => {
  app.decorateRequest('user', null);

  async function loadUser(request: FastifyRequest): Promise<CurrentUser | null> {
    if (request.user) return request.user;
    const session = await auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      // Roles change in the back office; read them fresh rather than from the cookie cache.
      query: { disableCookieCache: true },
    });
    if (!session || session.user.banned) return null;
    request.user = {
      id: session.user.id,
      email: session.user.email,
      role: session.user.role === 'admin' ? 'admin' : 'user',
    };
    return request.user;
  }

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!(await loadUser(request))) throw new AppError('UNAUTHENTICATED');
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await loadUser(request);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (user.role !== 'admin') throw new AppError('FORBIDDEN');
  });
});
