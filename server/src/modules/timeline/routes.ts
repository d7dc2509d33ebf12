import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import { TimelineQuerySchema, TimelineResponseSchema } from '@aylal/shared/schemas/timeline';
import type { Db } from '../../db/client.ts';
import { getTimeline } from './service.ts';

/** /api/account/timeline: the signed-in person's own story (docs/decisions/018); 401 to anyone else. */
export const timelineRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/account/timeline',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: "One's own consultations, job applications and visa applications with their steps, newest first",
        querystring: TimelineQuerySchema,
        response: { 200: TimelineResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => getTimeline(db, request.user!.id, request.query),
  );
};
