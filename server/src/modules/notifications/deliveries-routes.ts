import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminDeliveriesResponseSchema,
  RetryDeliveriesRequestSchema,
  RetryDeliveriesResponseSchema,
} from '@aylal/shared/schemas/deliveries';
import type { Db } from '../../db/client.ts';
import { routeGroup } from '../../lib/route-group.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';
import { listDeliveries, retryDeliveries } from './deliveries.ts';

/** /api/admin/deliveries: the emails and pushes that failed or are retrying, and trying them again. */
export const staffDeliveriesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const staff = routeGroup(app, 'admin', errorAnswers(400, 401, 403), app.requireAdmin);

  staff.get('/deliveries', {
    summary: 'Emails and pushes that failed for good or are being retried, failed first',
    response: { 200: AdminDeliveriesResponseSchema },
    handler: async () => listDeliveries(db),
  });

  staff.post('/deliveries/retry', {
    summary: 'Try the named deliveries again now, or every failed and retrying one',
    changes: [],
    body: RetryDeliveriesRequestSchema,
    response: { 200: RetryDeliveriesResponseSchema },
    handler: async (request) => retryDeliveries(db, request.body),
  });
};
