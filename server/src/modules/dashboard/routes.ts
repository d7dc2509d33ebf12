import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardResponseSchema } from '@aylal/shared/schemas/dashboard';
import type { DashboardDays } from '@aylal/shared/dashboard';
import type { Db } from '../../db/client.ts';
import { getDashboard } from './service.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 403);

/** /api/admin/dashboard: staff's work queues and figures (docs/decisions/020). Admins only. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Work queues (oldest first), the period's figures with the previous period's, and the daily trend; days=7, 30 or 90 on the agency's calendar",
        querystring: DashboardQuerySchema,
        response: { 200: DashboardResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getDashboard(db, Number(request.query.days) as DashboardDays);
    },
  );
};
