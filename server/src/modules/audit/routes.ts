import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HistoryQuerySchema, HistoryResponseSchema } from '@aylal/shared/schemas/audit';
import type { Db } from '../../db/client.ts';
import { findHistory } from './history.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 403);

/** /api/admin/history: who changed what on one record (docs/decisions/018); staff only. */
export const adminHistoryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/history',
    {
      schema: {
        tags: ['admin'],
        summary: "One record's staff changes (who, when, which fields from what to what), newest first",
        querystring: HistoryQuerySchema,
        response: { 200: HistoryResponseSchema, ...errors },
      },
    },
    async (request) => findHistory(db, request.query),
  );
};
