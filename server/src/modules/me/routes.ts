import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionUserSchema } from '@aylal/shared/schemas/auth';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';

/** GET /api/me answers from the session check's own read: a signed-in request costs one query. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: SessionUserSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return request.sessionUser!;
    },
  );
};
