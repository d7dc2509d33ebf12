import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionUserSchema } from '@aylal/shared/auth';
import { ApiErrorSchema } from '@aylal/shared/errors';
import type { Db } from '../../db/client.ts';
import { getSessionUser } from './service.ts';

export const meRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
      return getSessionUser(db, request.user!.id);
    },
  );
};
