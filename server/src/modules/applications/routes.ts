import { dateInZone } from '@aylal/shared/consultation-rules';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminApplicationDetailSchema,
  AdminApplicationsQuerySchema,
  AdminApplicationsResponseSchema,
  BulkApplicationStateRequestSchema,
  BulkApplicationStateResponseSchema,
  MyApplicationSchema,
  MyApplicationsResponseSchema,
  SetApplicationStateRequestSchema,
} from '@aylal/shared/schemas/applications';
import { LANGUAGES } from '@aylal/shared/i18n';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { requestLanguage } from '../../lib/messages.ts';
import { cvFileName } from '../cv/index.ts';
import { applicationsCsv } from './csv.ts';
import {
  applyToJob,
  findApplicationsForAdmin,
  getApplication,
  listApplicationsForExport,
  listMyApplications,
  setApplicationsState,
  setApplicationState,
} from './service.ts';
import { requireUserOr, routeGroup } from '../../lib/route-group.ts';
import { IdParams, errorAnswers } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 404, 409);

/** Applying to a job with one's CV, and one's own applications. */
export const applicationsRoutes: FastifyPluginAsyncZod<{ db: Db; notifier: Notifier }> = async (
  app,
  { db, notifier },
) => {
  const jobs = routeGroup(app, 'jobs', errors);

  jobs.post('/jobs/:id/applications', {
    summary: "Send the signed-in user's current CV to a job",
    changes: ['job-application'],
    params: IdParams,
    response: { 201: MyApplicationSchema },
    onRequest: requireUserOr(app, 'LOGIN_TO_APPLY'),
    handler: async (request, reply) =>
      reply.status(201).send(await applyToJob(db, notifier, request.user!.id, request.params.id)),
  });

  jobs.get('/applications', {
    summary: "The signed-in user's applications, newest first, with where each stands",
    response: { 200: MyApplicationsResponseSchema },
    onRequest: app.requireUser,
    handler: async (request) => ({ items: await listMyApplications(db, request.user!.id) }),
  });
};

const adminErrors = errorAnswers(400, 401, 403, 404);
const ExportQuerySchema = AdminApplicationsQuerySchema.omit({ page: true, pageSize: true }).extend({
  lang: z.enum(LANGUAGES).optional(),
});

/** /api/admin/applications: every application with the CV it carried. Admins only. */
export const adminApplicationsRoutes: FastifyPluginAsyncZod<{ db: Db; notifier: Notifier }> = async (
  app,
  { db, notifier },
) => {
  const staff = routeGroup(app, 'admin', adminErrors, app.requireAdmin);

  staff.get('/applications', {
    summary: 'Applications, newest first: by job and state, search by name, email or skill',
    querystring: AdminApplicationsQuerySchema,
    response: { 200: AdminApplicationsResponseSchema },
    handler: async (request) => findApplicationsForAdmin(db, request.query),
  });

  app.get(
    '/applications.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The filtered list as CSV (UTF-8 with a byte order mark, for spreadsheets)',
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { lang, ...filters } = request.query;
      const language = lang ?? requestLanguage(request.headers);
      const [rows, timeZone] = await Promise.all([listApplicationsForExport(db, filters), app.agencyClock.timeZone()]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`applications-${dateInZone(new Date(), timeZone)}.csv`))
        .header('cache-control', 'private, no-store')
        .send(applicationsCsv(rows, language, timeZone));
    },
  );

  staff.get('/applications/:id', {
    summary: 'An application with the CV as it was sent',
    params: IdParams,
    response: { 200: AdminApplicationDetailSchema },
    handler: async (request) => getApplication(db, request.params.id),
  });

  app.get(
    '/applications/:id/cv.pdf',
    {
      schema: {
        tags: ['admin'],
        summary: "The application's CV as an A4 PDF",
        params: IdParams,
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
      },
    },
    async (request, reply) => {
      const application = await getApplication(db, request.params.id);
      const language = request.query.lang ?? requestLanguage(request.headers);
      const { pdf } = await app.cvPdfs.getPdf(request.user!.id, application.cv, language);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(cvFileName(application.cv.fullName)))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  staff.patch('/applications/:id', {
    summary: 'Move an application to another state',
    changes: ['job-application'],
    params: IdParams,
    body: SetApplicationStateRequestSchema,
    response: { 200: AdminApplicationDetailSchema },
    handler: async (request) =>
      setApplicationState(db, notifier, request.params.id, request.body.state, request.user!.id),
  });

  staff.post('/applications/state', {
    summary: 'Move many applications to one state at once',
    changes: ['job-application'],
    body: BulkApplicationStateRequestSchema,
    response: { 200: BulkApplicationStateResponseSchema },
    handler: async (request) => ({
      updated: await setApplicationsState(db, notifier, request.body.ids, request.body.state, request.user!.id),
    }),
  });
};
