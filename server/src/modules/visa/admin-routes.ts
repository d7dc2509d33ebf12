import { dateInZone } from '@aylal/shared/consultation-rules';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminVisaActionRequestSchema,
  AdminVisaDetailSchema,
  AdminVisaListResponseSchema,
  AdminVisaNoteRequestSchema,
  AdminVisaPaymentRequestSchema,
  AdminVisaQuerySchema,
  VisaSettingsSchema,
} from '@aylal/shared/schemas/visa';
import { LANGUAGES } from '@aylal/shared/i18n';
import { VisaPassportsSchema } from '@aylal/shared/schemas/second-factor';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import { attachment, InlineQuerySchema } from '../../lib/content-disposition.ts';
import { sendSharedAnswer } from '../../lib/ttl-cache.ts';
import { requestLanguage } from '../../lib/messages.ts';
import type { Storage } from '../../lib/storage.ts';
import { visaCsv } from './admin-csv.ts';
import { actOnVisa } from './staff/act.ts';
import { openVisaDocumentForAdmin } from './staff/document.ts';
import { listVisaForExport } from './staff/export.ts';
import { findVisaForAdmin } from './staff/list.ts';
import { addVisaNote } from './staff/note.ts';
import { setVisaPayment } from './staff/payment.ts';
import { getVisaForAdmin, getVisaPassportsForAdmin } from './staff/read.ts';
import type { VisaListCache } from './list-cache.ts';
import { getVisaSettings, setVisaSettings } from './settings.ts';
import { recordAccess } from '../privacy/index.ts';
import { routeGroup } from '../../lib/route-group.ts';
import { IdParams, errorAnswers } from '../../lib/route-schemas.ts';

const adminErrors = errorAnswers(400, 401, 403, 404, 409);
const ExportQuerySchema = AdminVisaQuerySchema.omit({ page: true, pageSize: true }).extend({
  lang: z.enum(LANGUAGES).optional(),
});

/**
 * /api/admin/visa-applications and /api/admin/settings/visa: staff's casework on visa applications
 * (docs/decisions/016). Admins only; drafts are the applicant's alone and answer 404 here. The
 * list's pages are kept in `cache` until any application changes (list-cache.ts).
 */
export const adminVisaRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: Storage;
  cache: VisaListCache;
  notifier: Notifier;
}> = async (app, { db, storage, cache, notifier }) => {
  const staff = routeGroup(app, 'admin', adminErrors, app.requireAdmin);

  staff.get('/visa-applications', {
    summary:
      'Visa applications (never drafts), newest submitted first: by state, country, payment, submitted days; search by name, email, reference or passport digits',
    querystring: AdminVisaQuerySchema,
    response: { 200: AdminVisaListResponseSchema },
    handler: async (request, reply) =>
      sendSharedAnswer(
        reply,
        await cache.get(JSON.stringify(request.query), () => findVisaForAdmin(db, request.query)),
      ),
  });

  app.get(
    '/visa-applications.csv',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The filtered list as CSV (UTF-8 with a byte order mark; passports masked, no health or record answers)',
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { lang, ...filters } = request.query;
      const language = lang ?? requestLanguage(request.headers);
      const [rows, timeZone] = await Promise.all([listVisaForExport(db, filters), app.agencyClock.timeZone()]);
      // Who looked (docs/decisions/027): how many, never the search (it may hold passport digits).
      // An export that lists nothing shows no one's data and is not recorded.
      if (rows.length > 0) {
        await recordAccess(db, request, {
          kind: 'visa-csv',
          applicationIds: rows.map((row) => row.id),
          detail: { count: rows.length },
        });
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`visa-applications-${dateInZone(new Date(), timeZone)}.csv`))
        .header('cache-control', 'private, no-store')
        .send(visaCsv(rows, language, timeZone));
    },
  );

  staff.get('/visa-applications/:id', {
    summary:
      'One application: every answer (passport numbers masked: see /passports), dependants, documents, history with notes, allowed actions',
    params: IdParams,
    response: { 200: AdminVisaDetailSchema },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getVisaForAdmin(db, request.params.id);
    },
  });

  staff.get('/visa-applications/:id/passports', {
    summary:
      "The application's passport numbers whole (the applicant's and each dependant's); FRESH_SIGN_IN_REQUIRED unless signed in or confirmed within 15 minutes",
    params: IdParams,
    response: { 200: VisaPassportsSchema },
    preHandler: app.requireFreshSignIn,
    handler: async (request, reply) => {
      const passports = await getVisaPassportsForAdmin(db, request.params.id);
      await recordAccess(db, request, { kind: 'passport-reveal', applicationId: request.params.id });
      reply.header('cache-control', 'private, no-store');
      return passports;
    },
  });

  staff.post('/visa-applications/:id/actions', {
    summary: 'Start the review, ask for a change, lodge, approve or refuse (ACTION_NOT_ALLOWED otherwise)',
    changes: ['visa'],
    params: IdParams,
    body: AdminVisaActionRequestSchema,
    response: { 200: AdminVisaDetailSchema },
    handler: async (request) => actOnVisa(db, notifier, request.user!.id, request.params.id, request.body),
  });

  staff.post('/visa-applications/:id/notes', {
    summary: 'An internal note (staff only; never shown to the applicant)',
    changes: ['visa'],
    params: IdParams,
    body: AdminVisaNoteRequestSchema,
    response: { 200: AdminVisaDetailSchema },
    handler: async (request) => addVisaNote(db, request.user!.id, request.params.id, request.body.note),
  });

  staff.put('/visa-applications/:id/payment', {
    summary: "Set the paid processing's state (only for an application that chose it)",
    changes: ['visa'],
    params: IdParams,
    body: AdminVisaPaymentRequestSchema,
    response: { 200: AdminVisaDetailSchema },
    handler: async (request) => setVisaPayment(db, notifier, request.user!.id, request.params.id, request.body.state),
  });

  app.get(
    '/visa-applications/:id/documents/:documentId',
    {
      schema: {
        tags: ['admin'],
        summary:
          "One of the application's files, under its own name (?inline=1: to view, not save); FRESH_SIGN_IN_REQUIRED unless signed in or confirmed within 15 minutes",
        params: z.object({ id: z.string().max(100), documentId: z.string().max(100) }),
        querystring: InlineQuerySchema,
      },
      preHandler: app.requireFreshSignIn,
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const file = await openVisaDocumentForAdmin(db, storage, id, documentId);
      try {
        await recordAccess(db, request, {
          kind: 'document-open',
          applicationId: id,
          detail: { documentId, kind: file.kind, ...(file.dependantId ? { dependantId: file.dependantId } : {}) },
        });
      } catch (error) {
        // Not recorded, not shown.
        file.stream.destroy();
        throw error;
      }
      return (
        reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('content-disposition', attachment(file.name, request.query.inline ? 'inline' : 'attachment'))
          // Passports and bank statements: never in a shared cache.
          .header('cache-control', 'private, no-store')
          .send(file.stream)
      );
    },
  );

  staff.get('/settings/visa', {
    summary: "The visa service's settings: the paid processing's price in whole US dollars (0: not offered)",
    response: { 200: VisaSettingsSchema },
    handler: async () => getVisaSettings(db),
  });

  staff.put('/settings/visa', {
    summary: "Change the paid processing's price (applications already carrying a payment keep theirs)",
    changes: [],
    body: VisaSettingsSchema,
    response: { 200: VisaSettingsSchema },
    handler: async (request) => setVisaSettings(db, request.user!.id, request.body),
  });
};
