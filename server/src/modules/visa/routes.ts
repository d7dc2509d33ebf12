import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import {
  MyVisaApplicationsResponseSchema,
  SaveVisaDraftRequestSchema,
  SaveVisaDraftResponseSchema,
  VisaApplicationSchema,
  VisaSubmitRequestSchema,
  VisaDependantResponseSchema,
  VisaDependantSchema,
  VisaDocumentFieldsSchema,
  VisaDocumentSchema,
  VISA_DOCUMENT_MAX_BYTES,
} from '@aylal/shared/schemas/visa';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/messages.ts';
import { attachment, InlineQuerySchema } from '../../lib/content-disposition.ts';
import type { Storage } from '../../lib/storage.ts';
import { addVisaDependant, deleteVisaDependant, updateVisaDependant } from './dependants.ts';
import { addVisaDocument, deleteVisaDocument, openVisaDocument } from './documents.ts';
import { getMyVisaApplication } from './load.ts';
import { createVisaDraft, deleteVisaDraft, saveVisaDraft } from './applicant/draft.ts';
import { listMyVisaApplications } from './applicant/list.ts';
import { submitVisaApplication } from './applicant/submit.ts';
import { withdrawVisaApplication } from './applicant/withdraw.ts';
import { routeGroup } from '../../lib/route-group.ts';
import { IdParams, errorAnswers } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 404, 409);
const DependantParams = IdParams.extend({ dependantId: z.string().max(100) });
const DocumentParams = IdParams.extend({ documentId: z.string().max(100) });

/** Removes files of rows already gone; a file that will not go is only left behind, never an error. */
async function removeFiles(storage: Storage, keys: readonly (string | null)[]) {
  await Promise.all(keys.filter((key) => key !== null).map((key) => storage.remove(key).catch(() => undefined)));
}

/**
 * /api/visa-applications: the signed-in person's visa applications (docs/decisions/016). Only
 * the owner reaches one: anyone else's is not found.
 */
export const visaRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage; notifier: Notifier }> = async (
  app,
  { db, storage, notifier },
) => {
  app.addHook('onRequest', app.requireUser);
  await app.register(multipart, {
    limits: { fileSize: VISA_DOCUMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 500 },
  });

  const visa = routeGroup(app, 'visa', errors);

  visa.get('/visa-applications', {
    summary: "The signed-in person's visa applications, newest first, and the paid processing's price",
    response: { 200: MyVisaApplicationsResponseSchema },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listMyVisaApplications(db, request.user!.id);
    },
  });

  visa.post('/visa-applications', {
    summary:
      'Start a draft, its answers taken from the profile where known (at most 5 drafts, and 20 applications started in 365 days: VISA_YEARLY_LIMIT)',
    changes: [],
    response: { 201: VisaApplicationSchema },
    handler: async (request, reply) => reply.status(201).send(await createVisaDraft(db, request.user!.id)),
  });

  visa.get('/visa-applications/:id', {
    summary: 'One application with its dependants, documents, history and payment',
    params: IdParams,
    response: { 200: VisaApplicationSchema },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getMyVisaApplication(db, request.user!.id, request.params.id);
    },
  });

  app.put(
    '/visa-applications/:id',
    {
      // An autosave of a draft changes nothing staff see: the handler says when it does.
      config: { changes: [] },
      schema: {
        tags: ['visa'],
        summary: "Save the draft's answers (in draft or action-required)",
        params: IdParams,
        body: SaveVisaDraftRequestSchema,
        headers: z.object({
          'if-match': z
            .string()
            .regex(/^(W\/)?"\d{1,9}"$/, 'the version as an entity tag, "3"')
            .optional()
            .describe('Save only over this version (VISA_CHANGED when another save came first)'),
        }),
        response: { 200: SaveVisaDraftResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ifMatch = request.headers['if-match'];
      const basedOn = ifMatch === undefined ? undefined : Number(ifMatch.replace(/\D/g, ''));
      const { isDraft, ...saved } = await saveVisaDraft(
        db,
        request.user!.id,
        request.params.id,
        request.body.form,
        basedOn,
      );
      // A draft is the applicant's alone (the database tells nobody either); one staff sent back is theirs to see.
      if (!isDraft) request.changed('visa');
      return saved;
    },
  );

  visa.delete('/visa-applications/:id', {
    summary: 'Delete a draft with its dependants and files (only a draft)',
    changes: [],
    params: IdParams,
    response: { 204: z.null() },
    handler: async (request, reply) => {
      const files = await deleteVisaDraft(db, request.user!.id, request.params.id);
      await removeFiles(storage, files);
      return reply.status(204).send(null);
    },
  });

  visa.post('/visa-applications/:id/submit', {
    summary: 'Send the application to staff, or send it again after the change they asked for',
    changes: ['visa'],
    description:
      "VISA_INCOMPLETE's details list every problem: `{ problems: [{ path, message, text }] }`, message a key of visaApplicationForm:validation, text the problem in the caller's language naming its field.",
    params: IdParams,
    body: VisaSubmitRequestSchema.nullish(),
    response: { 200: VisaApplicationSchema },
    handler: async (request) =>
      submitVisaApplication(
        db,
        notifier,
        request.user!.id,
        request.params.id,
        request.body?.consent,
        requestLanguage(request.headers),
      ),
  });

  visa.post('/visa-applications/:id/withdraw', {
    summary: 'Withdraw a submitted application before it is lodged',
    changes: ['visa'],
    params: IdParams,
    response: { 200: VisaApplicationSchema },
    handler: async (request) => withdrawVisaApplication(db, notifier, request.user!.id, request.params.id),
  });

  visa.post('/visa-applications/:id/dependants', {
    summary: 'Add a dependant (at most 12; two may not share a name)',
    changes: ['visa'],
    params: IdParams,
    body: VisaDependantSchema,
    response: { 201: VisaDependantResponseSchema },
    handler: async (request, reply) =>
      reply.status(201).send(await addVisaDependant(db, request.user!.id, request.params.id, request.body)),
  });

  visa.put('/visa-applications/:id/dependants/:dependantId', {
    summary: "Replace a dependant's answers",
    changes: ['visa'],
    params: DependantParams,
    body: VisaDependantSchema,
    response: { 200: VisaDependantResponseSchema },
    handler: async (request) =>
      updateVisaDependant(db, request.user!.id, request.params.id, request.params.dependantId, request.body),
  });

  visa.delete('/visa-applications/:id/dependants/:dependantId', {
    summary: 'Remove a dependant and their documents',
    changes: ['visa'],
    params: DependantParams,
    response: { 204: z.null() },
    handler: async (request, reply) => {
      const files = await deleteVisaDependant(db, request.user!.id, request.params.id, request.params.dependantId);
      await removeFiles(storage, files);
      return reply.status(204).send(null);
    },
  });

  visa.post('/visa-applications/:id/documents', {
    summary:
      "Upload a document (multipart: kind, optional dependantId, then file): PDF, JPEG or PNG by content, at most 10 MB, and 1 GB for all the account's documents (DOCUMENT_STORAGE_FULL, 413); replaces that person's file of that kind",
    changes: ['visa'],
    consumes: ['multipart/form-data'],
    params: IdParams,
    response: { 201: VisaDocumentSchema, 413: ApiErrorSchema, 415: ApiErrorSchema },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const fields: Record<string, string> = {};
      let file: { data: Buffer; name: string } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'file') file = { data, name: part.filename };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const parsed = VisaDocumentFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        throw new AppError(
          'VALIDATION_FAILED',
          parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path].join('.'), message: issue.message })),
        );
      }
      if (!file) throw new AppError('VALIDATION_FAILED', [{ path: 'body.file', message: 'a file is required' }]);
      const { document, replaced } = await addVisaDocument(db, storage, request.user!.id, request.params.id, {
        ...parsed.data,
        data: file.data,
        fileName: file.name,
      });
      await removeFiles(storage, [replaced]);
      return reply.status(201).send(document);
    },
  });

  app.get(
    '/visa-applications/:id/documents/:documentId',
    {
      schema: {
        tags: ['visa'],
        summary:
          "One of the application's documents, under its own name (?inline=1: to view, not save); FRESH_SIGN_IN_REQUIRED unless signed in or confirmed within 15 minutes",
        params: DocumentParams,
        querystring: InlineQuerySchema,
      },
      // Passport scans and bank statements: only on a fresh sign-in (docs/decisions/023).
      preHandler: app.requireFreshSignIn,
    },
    async (request, reply) => {
      const file = await openVisaDocument(db, storage, request.params.id, request.params.documentId, request.user!.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', attachment(file.name, request.query.inline ? 'inline' : 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  visa.delete('/visa-applications/:id/documents/:documentId', {
    summary: 'Remove a document (while the application may be changed)',
    changes: ['visa'],
    params: DocumentParams,
    response: { 204: z.null() },
    handler: async (request, reply) => {
      const key = await deleteVisaDocument(db, request.user!.id, request.params.id, request.params.documentId);
      await removeFiles(storage, [key]);
      return reply.status(204).send(null);
    },
  });
};
