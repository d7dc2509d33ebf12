import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CvResponseSchema, CvSchema } from '@aylal/shared/schemas/cv';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import { LANGUAGES } from '@aylal/shared/i18n';
import type { Db } from '../../db/client.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { requestLanguage } from '../../lib/messages.ts';
import { cvFileName, deleteMyCv, getMyCv, saveMyCv } from './service.ts';
import { routeGroup } from '../../lib/route-group.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 404);

/** /api/cv: the signed-in user's one CV. */
export const cvRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const cv = routeGroup(app, 'cv', errors, app.requireUser);

  cv.get('/cv', {
    summary: "The signed-in user's CV ('CV not found' until they make one)",
    response: { 200: CvResponseSchema },
    handler: async (request) => getMyCv(db, request.user!.id),
  });

  app.put(
    '/cv',
    {
      config: { changes: [] },
      schema: {
        tags: ['cv'],
        summary: 'Create or replace the CV (the first save sets hasCV)',
        body: CvSchema,
        headers: z.object({
          'if-match': z
            .string()
            .regex(/^(W\/)?"\d{1,9}"$/, 'the version as an entity tag, "3"')
            .optional()
            .describe('Save only over this version of the CV ("0": only if there is none yet)'),
        }),
        response: { 200: CvResponseSchema, 201: CvResponseSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ifMatch = request.headers['if-match'];
      const basedOn = ifMatch === undefined ? undefined : Number(ifMatch.replace(/\D/g, ''));
      const { created, ...saved } = await saveMyCv(db, request.user!.id, request.body, basedOn);
      app.cvPdfs.forget(request.user!.id);
      return reply.status(created ? 201 : 200).send(saved);
    },
  );

  cv.delete('/cv', {
    summary: 'Delete the CV (applications already sent keep their copy)',
    changes: [],
    response: { 204: z.null() },
    handler: async (request, reply) => {
      await deleteMyCv(db, request.user!.id);
      app.cvPdfs.forget(request.user!.id);
      return reply.status(204).send(null);
    },
  });

  app.get(
    '/cv/pdf',
    {
      schema: {
        tags: ['cv'],
        summary: 'The CV as an A4 PDF, in the language asked for (lang) or the browser’s',
        description:
          'Two at a time per user, and four drawings in a row then one every 3 s (PDF_BUSY beyond; a kept PDF costs nothing); x-pdf-cache says whether it was drawn again (miss) or reused (hit).',
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
      },
    },
    async (request, reply) => {
      const { cv } = await getMyCv(db, request.user!.id);
      const language = request.query.lang ?? requestLanguage(request.headers);
      const { pdf, cached } = await app.cvPdfs.getPdf(request.user!.id, cv, language);
      return reply
        .type('application/pdf')
        .header('x-pdf-cache', cached ? 'hit' : 'miss')
        .header('content-disposition', attachment(cvFileName(cv.fullName)))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
