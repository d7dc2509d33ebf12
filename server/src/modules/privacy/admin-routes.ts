import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RetentionSettingsSchema, VisaHoldRequestSchema } from '@aylal/shared/retention';
import { AdminVisaDetailSchema } from '@aylal/shared/schemas/visa';
import type { Db } from '../../db/client.ts';
import { IdParams, errorAnswers } from '../../lib/route-schemas.ts';
import { getVisaForAdmin } from '../visa/back-office.ts';
import { getRetention, setRetention, setVisaHold } from './retention.ts';

const adminErrors = errorAnswers(400, 401, 403, 404, 409);

/** /api/admin: the retention schedule in Settings, and holds on decided visa applications (docs/decisions/027). */
export const adminPrivacyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/settings/retention',
    {
      schema: {
        tags: ['admin'],
        summary: 'Days after an approval, a refusal or a withdrawal until the documents and sensitive answers go',
        response: { 200: RetentionSettingsSchema, ...adminErrors },
      },
    },
    async () => getRetention(db),
  );

  app.put(
    '/settings/retention',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the retention schedule (each 1 to 3650 days)',
        body: RetentionSettingsSchema,
        response: { 200: RetentionSettingsSchema, ...adminErrors },
      },
    },
    async (request) => setRetention(db, request.user!.id, request.body),
  );

  app.put(
    '/visa-applications/:id/hold',
    {
      schema: {
        tags: ['admin'],
        summary: 'Keep a decided application from the retention sweep, with a reason; null lifts the hold',
        params: IdParams,
        body: VisaHoldRequestSchema,
        response: { 200: AdminVisaDetailSchema, ...adminErrors },
      },
    },
    async (request) => {
      await setVisaHold(db, request.user!.id, request.params.id, request.body.reason);
      return getVisaForAdmin(db, request.params.id);
    },
  );
};
