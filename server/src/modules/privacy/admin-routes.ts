import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RetentionSettingsSchema, VisaHoldRequestSchema } from '@aylal/shared/retention';
import { AdminVisaAccessLogSchema, AdminVisaDetailSchema } from '@aylal/shared/schemas/visa';
import type { Db } from '../../db/client.ts';
import { IdParams, errorAnswers, routeSchemas } from '../../lib/route-schemas.ts';
import { getVisaForAdmin } from '../visa/index.ts';
import { listAccessRecords } from './access-records.ts';
import { getRetention, setRetention, setVisaHold } from './retention.ts';

const adminErrors = errorAnswers(400, 401, 403, 404, 409);
const staffSchema = routeSchemas('admin', adminErrors);

/**
 * /api/admin: the retention schedule in Settings, holds on decided visa applications, and who looked
 * at an application's personal data (docs/decisions/027).
 */
export const adminPrivacyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/settings/retention',
    {
      schema: staffSchema(
        'Days after an approval, a refusal or a withdrawal until the documents and sensitive answers go',
        { response: { 200: RetentionSettingsSchema } },
      ),
    },
    async () => getRetention(db),
  );

  app.put(
    '/settings/retention',
    {
      config: { changes: [] },
      schema: staffSchema('Change the retention schedule (each 1 to 3650 days)', {
        body: RetentionSettingsSchema,
        response: { 200: RetentionSettingsSchema },
      }),
    },
    async (request) => setRetention(db, request.user!.id, request.body),
  );

  app.put(
    '/visa-applications/:id/hold',
    {
      config: { changes: ['visa'] },
      schema: staffSchema('Keep a decided application from the retention sweep, with a reason; null lifts the hold', {
        params: IdParams,
        body: VisaHoldRequestSchema,
        response: { 200: AdminVisaDetailSchema },
      }),
    },
    async (request) => {
      await setVisaHold(db, request.user!.id, request.params.id, request.body.reason);
      return getVisaForAdmin(db, request.params.id);
    },
  );

  app.get(
    '/visa-applications/:id/access-log',
    {
      schema: staffSchema(
        "Who was shown the application's personal data, newest first (at most 200): passport numbers revealed, documents and the PDF opened, CSV exports listing it",
        { params: IdParams, response: { 200: AdminVisaAccessLogSchema } },
      ),
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listAccessRecords(db, request.params.id);
    },
  );
};
