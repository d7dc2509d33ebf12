import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import {
  AdminJobsQuerySchema,
  AdminJobsResponseSchema,
  JOB_MATERIAL_MAX_BYTES,
  JobDetailSchema,
  PublicJobDetailSchema,
  JobInputSchema,
  JobMaterialSchema,
  JobsQuerySchema,
  JobsResponseSchema,
  SetJobStatusRequestSchema,
} from '@aylal/shared/schemas/jobs';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { attachment } from '../../lib/content-disposition.ts';
import type { Storage } from '../../lib/storage.ts';
import { sendSharedAnswer } from '../../lib/ttl-cache.ts';
import { addJobMaterial, deleteJobMaterial, openJobMaterial } from './materials.ts';
import { getJob, getPublicJob } from './detail.ts';
import { findOpenJobsAnswer, type JobListCache } from './public.ts';
import { createJob, deleteJob, setJobStatus, updateJob } from './service.ts';
import { findJobsForAdmin } from './staff-list.ts';
import { routeGroup } from '../../lib/route-group.ts';
import { IdParams, errorAnswers } from '../../lib/route-schemas.ts';

/** /api/jobs: the public job listings (published jobs whose deadline has not passed). */
export const jobsRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage; cache: JobListCache }> = async (
  app,
  { db, storage, cache },
) => {
  const jobs = routeGroup(app, 'jobs', {});

  jobs.get('/jobs', {
    summary: 'Open jobs matching the text search and type, newest first',
    publicCache: true,
    querystring: JobsQuerySchema,
    response: { 200: JobsResponseSchema, 400: ApiErrorSchema },
    handler: async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      const today = await app.agencyClock.today();
      return sendSharedAnswer(reply, await findOpenJobsAnswer(db, cache, request.query, today));
    },
  });

  jobs.get('/jobs/:id', {
    summary: 'A published or closed job with everything about it',
    publicCache: true,
    params: IdParams,
    response: { 200: PublicJobDetailSchema, 404: ApiErrorSchema },
    handler: async (request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return getPublicJob(db, request.params.id, await app.agencyClock.today());
    },
  });

  app.get(
    '/jobs/:id/materials/:materialId',
    {
      config: { publicCache: true },
      schema: {
        tags: ['jobs'],
        summary: "One of a job's files, under its own name",
        params: z.object({ id: z.string().max(100), materialId: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const file = await openJobMaterial(db, storage, request.params.id, request.params.materialId);
      // A draft's files are staff's only, like the draft itself.
      if (file.status === 'draft') {
        try {
          await app.requireAdmin(request);
        } catch {
          file.stream.destroy();
          throw new AppError('NOT_FOUND');
        }
      }
      return (
        reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('content-disposition', attachment(file.name))
          // A draft's file is for staff alone and must not sit in a shared cache.
          .header('cache-control', file.status === 'draft' ? 'private, no-store' : 'public, max-age=300')
          .send(file.stream)
      );
    },
  );
};

const adminErrors = errorAnswers(400, 401, 403, 404);

/** /api/admin/jobs: the back office's jobs. Every route refuses anonymous callers and role user. */
export const adminJobsRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (app, { db, storage }) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(multipart, { limits: { fileSize: JOB_MATERIAL_MAX_BYTES, files: 1, fields: 2, fieldSize: 500 } });
  const staff = routeGroup(app, 'admin', adminErrors);

  staff.get('/jobs', {
    summary: 'All jobs, drafts and closed ones included: search, filters, sorting and paging',
    querystring: AdminJobsQuerySchema,
    response: { 200: AdminJobsResponseSchema },
    handler: async (request) => findJobsForAdmin(db, request.query, await app.agencyClock.today()),
  });

  staff.post('/jobs', {
    summary: 'Create a job',
    changes: ['job'],
    body: JobInputSchema,
    response: { 201: JobDetailSchema },
    handler: async (request, reply) => reply.status(201).send(await createJob(db, request.user!.id, request.body)),
  });

  staff.get('/jobs/:id', {
    summary: 'A job, any status',
    params: IdParams,
    response: { 200: JobDetailSchema },
    handler: async (request) => getJob(db, request.params.id),
  });

  staff.put('/jobs/:id', {
    summary: 'Replace every field of a job',
    changes: ['job'],
    params: IdParams,
    body: JobInputSchema,
    response: { 200: JobDetailSchema },
    handler: async (request) => updateJob(db, request.user!.id, request.params.id, request.body),
  });

  staff.patch('/jobs/:id/status', {
    summary: 'Publish, close, or take a job back to draft',
    changes: ['job'],
    params: IdParams,
    body: SetJobStatusRequestSchema,
    response: { 200: JobDetailSchema },
    handler: async (request) => setJobStatus(db, request.user!.id, request.params.id, request.body.status),
  });

  staff.delete('/jobs/:id', {
    summary: 'Delete a job and its files (its applications stay, with the job title they were sent to)',
    changes: ['job'],
    params: IdParams,
    response: { 204: z.null() },
    handler: async (request, reply) => {
      const files = await deleteJob(db, request.user!.id, request.params.id);
      await Promise.all(files.map((key) => storage.remove(key)));
      return reply.status(204).send(null);
    },
  });

  staff.post('/jobs/:id/materials', {
    summary: 'Add a file to the job (multipart: file): PDF, PNG, JPEG or WebP by content, at most 10 MB',
    changes: ['job'],
    consumes: ['multipart/form-data'],
    params: IdParams,
    response: { 201: JobMaterialSchema, 409: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema },
    handler: async (request, reply) => {
      const part = await request.file();
      if (!part) throw new AppError('VALIDATION_FAILED', [{ path: 'body.file', message: 'a file is required' }]);
      const data = await part.toBuffer();
      const material = await addJobMaterial(db, storage, request.user!.id, request.params.id, data, part.filename);
      return reply.status(201).send(material);
    },
  });

  staff.delete('/jobs/:id/materials/:materialId', {
    summary: 'Remove a file from the job',
    changes: ['job'],
    params: z.object({ id: z.string().max(100), materialId: z.string().max(100) }),
    response: { 204: z.null() },
    handler: async (request, reply) => {
      await deleteJobMaterial(db, storage, request.user!.id, request.params.id, request.params.materialId);
      return reply.status(204).send(null);
    },
  });
};
