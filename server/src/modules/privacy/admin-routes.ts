import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RetentionSettingsSchema, VisaHoldRequestSchema } from '@aylal/shared/retention';
import { AdminVisaAccessLogSchema, AdminVisaDetailSchema } from '@aylal/shared/schemas/visa';
import type { Db } from '../../db/client.ts';
import { routeGroup } from '../../lib/route-group.ts';
import { IdParams, errorAnswers } from '../../lib/route-schemas.ts';
import { getVisaForAdmin } from '../visa/index.ts';
import { listAccessRecords } from './access-records.ts';
import { getRetention, setRetention, setVisaHold } from './retention.ts';

/**
 * /api/admin: the retention schedule in Settings, holds on decided visa applications, and who looked
 * at an application's personal data (docs/decisions/027).
 */
export const adminPrivacyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const staff = routeGroup(app, 'admin', errorAnswers(400, 401, 403, 404, 409), app.requireAdmin);

  staff.get('/settings/retention', {
    summary: 'Days after an approval, a refusal or a withdrawal until the documents and sensitive answers go',
    response: { 200: RetentionSettingsSchema },
    handler: async () => getRetention(db),
  });

  staff.put('/settings/retention', {
    summary: 'Change the retention schedule (each 1 to 3650 days)',
    changes: [],
    body: RetentionSettingsSchema,
    response: { 200: RetentionSettingsSchema },
    handler: async (request) => setRetention(db, request.user!.id, request.body),
  });

  staff.put('/visa-applications/:id/hold', {
    summary: 'Keep a decided application from the retention sweep, with a reason; null lifts the hold',
    changes: ['visa'],
    params: IdParams,
    body: VisaHoldRequestSchema,
    response: { 200: AdminVisaDetailSchema },
    handler: async (request) => {
      await setVisaHold(db, request.user!.id, request.params.id, request.body.reason);
      return getVisaForAdmin(db, request.params.id);
    },
  });

  staff.get('/visa-applications/:id/access-log', {
    summary:
      "Who was shown the application's personal data, newest first (at most 200): passport numbers revealed, documents and the PDF opened, CSV exports listing it",
    params: IdParams,
    response: { 200: AdminVisaAccessLogSchema },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listAccessRecords(db, request.params.id);
    },
  });
};
