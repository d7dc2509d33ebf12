import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardResponseSchema } from '@aylal/shared/schemas/dashboard';
import type { DashboardDays } from '@aylal/shared/dashboard';
import type { Db } from '../../db/client.ts';
import { sendSharedAnswer } from '../../lib/ttl-cache.ts';
import type { DashboardCache } from './cache.ts';
import { dashboardDayEnds, getDashboard } from './service.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 403);

/**
 * /api/admin/dashboard: staff's work queues and figures (docs/decisions/020). Admins only. Each
 * period's answer is kept in `cache` until anything it counts changes, or its day ends (cache.ts).
 */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ db: Db; cache: DashboardCache }> = async (
  app,
  { db, cache },
) => {
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
      const days = Number(request.query.days) as DashboardDays;
      return sendSharedAnswer(reply, await cache.get(String(days), () => getDashboard(db, days), dashboardDayEnds));
    },
  );
};
