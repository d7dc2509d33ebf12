import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminDeliveriesResponseSchema,
  RetryDeliveriesRequestSchema,
  RetryDeliveriesResponseSchema,
} from '@aylal/shared/schemas/deliveries';
import type { Db } from '../../db/client.ts';
import { errorAnswers, routeSchemas } from '../../lib/route-schemas.ts';
import { listDeliveries, retryDeliveries } from './deliveries.ts';

const staffSchema = routeSchemas('admin', errorAnswers(400, 401, 403));

/** /api/admin/deliveries: the emails and pushes that failed or are retrying, and trying them again. */
export const staffDeliveriesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/deliveries',
    {
      schema: staffSchema('Emails and pushes that failed for good or are being retried, failed first', {
        response: { 200: AdminDeliveriesResponseSchema },
      }),
    },
    async () => listDeliveries(db),
  );

  app.post(
    '/deliveries/retry',
    {
      config: { changes: [] },
      schema: staffSchema('Try the named deliveries again now, or every failed and retrying one', {
        body: RetryDeliveriesRequestSchema,
        response: { 200: RetryDeliveriesResponseSchema },
      }),
    },
    async (request) => retryDeliveries(db, request.body),
  );
};
