import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PushSubscriptionRequestSchema, PushUnsubscribeRequestSchema } from '@aylal/shared/schemas/push';
import type { Db } from '../../db/client.ts';
import { deleteSubscription, saveSubscription } from './service.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';
import type { PushEndpointPolicy } from '../../lib/push-endpoints.ts';

const errors = errorAnswers(400, 401);
const saveErrors = errorAnswers(400, 401, 409, 503);

/** /api/push/subscriptions: this device's Web Push subscription for the signed-in user. */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Db; endpoints: PushEndpointPolicy }> = async (
  app,
  { db, endpoints },
) => {
  app.post(
    '/push/subscriptions',
    {
      config: { changes: [] },
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: "Store or refresh this device's push subscription",
        description:
          'Only the push services of PUSH_SERVICE_HOSTS, at public addresses, are taken (400 PUSH_ENDPOINT_REFUSED); ' +
          "another account's endpoint is not moved (409 PUSH_SUBSCRIPTION_TAKEN).",
        body: PushSubscriptionRequestSchema,
        response: { 204: z.null(), ...saveErrors },
      },
    },
    async (request, reply) => {
      await saveSubscription(db, endpoints, request.user!.id, request.body, request.headers['user-agent']);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      config: { changes: [] },
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
