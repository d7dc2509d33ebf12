import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushSubscriptionRequestSchema, PushUnsubscribeRequestSchema } from '@aylal/shared/schemas/push';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { deleteSubscription, saveSubscription } from './service.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401);

/** /api/push/subscriptions: this device's Web Push subscription for the signed-in user. */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const SubscriptionSchema = pushSubscriptionRequestSchema({ allowLocalHttp: !config.isProduction });

  app.post(
    '/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: "Store or refresh this device's push subscription",
        body: SubscriptionSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await saveSubscription(db, request.user!.id, request.body, request.headers['user-agent']);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: "Forget this device's push subscription",
        body: PushUnsubscribeRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSubscription(db, request.user!.id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
