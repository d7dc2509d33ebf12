import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Language } from '@aylal/shared/i18n';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import { LANGUAGES } from '@aylal/shared/i18n';
import { dateInZone } from '@aylal/shared/consultation-rules';
import type { VisaDocumentKind, VisaRelationship, VisaState } from '@aylal/shared/visa-rules';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import { requestLanguage } from '../../lib/messages.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';
import { findVisaApplication, loadVisaParts } from './load.ts';
import { embassyOf, toVisaForm } from './mapping.ts';
import type { VisaPdfInput } from './pdf.ts';
import { recordAccess } from '../privacy/index.ts';
import { IdParams } from '../../lib/route-schemas.ts';

const PdfQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

/**
 * What the PDF of a submitted application shows, read for its owner (`ownerId`) or for staff
 * (null). A draft has no PDF (it is a copy of a submission), and another person's application
 * does not exist for them: VISA_NOT_FOUND either way.
 */
export async function loadVisaPdfInput(
  db: Db,
  id: string,
  ownerId: string | null,
  now = new Date(),
): Promise<VisaPdfInput> {
  const application = await findVisaApplication(db, id, ownerId ?? undefined);
  if (application.state === 'draft' || !application.reference) throw new AppError('VISA_NOT_FOUND');
  const [{ dependants, documents, payment }, hours] = await Promise.all([
    loadVisaParts(db, application),
    getWorkingHours(db),
  ]);
  return {
    reference: application.reference,
    state: application.state as VisaState,
    submittedAt: application.submittedAt?.toISOString() ?? null,
    form: toVisaForm(application.form),
    embassy: embassyOf(application),
    dependants: dependants.map((dependant) => ({
      id: dependant.id,
      firstName: dependant.firstName,
      lastName: dependant.lastName,
      latinFirstName: dependant.latinFirstName,
      latinLastName: dependant.latinLastName,
      relationship: dependant.relationship as VisaRelationship,
      dateOfBirth: dependant.dateOfBirth,
      nationality: dependant.nationality,
      passportNumber: dependant.passportNumber,
      passportExpiryDate: dependant.passportExpiryDate,
    })),
    documents: documents.map((document) => ({
      dependantId: document.dependantId,
      kind: document.kind as VisaDocumentKind,
      fileName: cleanFileName(document.fileName),
      size: document.size,
    })),
    payment: payment ? { amountUsd: payment.amountUsd } : null,
    timeZone: hours.timeZone,
    madeOn: dateInZone(now, hours.timeZone),
  };
}

const description =
  'A4, in the language asked for (lang) or the browser’s; drawn off the event loop with the CV PDFs’ limits (PDF_BUSY beyond). Drafts have none.';

/**
 * Draws (or reuses) the application's PDF for the reader and sends it, never to be cached by others.
 * `beforeSend` runs once the PDF is there (PDF_BUSY shows nothing) and before it leaves: staff's look is
 * recorded there, and a record that fails sends nothing.
 */
async function sendPdf(
  app: FastifyInstance,
  db: Db,
  reply: FastifyReply,
  {
    id,
    readerId,
    ownerId,
    language,
    beforeSend,
  }: {
    id: string;
    readerId: string;
    ownerId: string | null;
    language: Language;
    beforeSend?: () => Promise<void>;
  },
) {
  const visa = await loadVisaPdfInput(db, id, ownerId);
  const { pdf, cached } = await app.cvPdfs.getDocument(readerId, { kind: 'visa', visa, language });
  await beforeSend?.();
  return reply
    .type('application/pdf')
    .header('x-pdf-cache', cached ? 'hit' : 'miss')
    .header('content-disposition', attachment(`${visa.reference}.pdf`))
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** GET /api/visa-applications/:id/pdf: the owner's copy of their submission. */
export const visaPdfRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/visa-applications/:id/pdf',
    {
      schema: {
        tags: ['visa'],
        summary: 'A submitted application as a PDF: every answer, the dependants, the documents attached',
        description,
        params: IdParams,
        querystring: PdfQuery,
        response: { 401: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      sendPdf(app, db, reply, {
        id: request.params.id,
        readerId: request.user!.id,
        ownerId: request.user!.id,
        language: request.query.lang ?? requestLanguage(request.headers),
      }),
  );
};

/** GET /api/admin/visa-applications/:id/pdf: staff read any submitted application's PDF. */
export const adminVisaPdfRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/visa-applications/:id/pdf',
    {
      schema: {
        tags: ['admin'],
        summary:
          'A submitted application as a PDF (the passport numbers whole: FRESH_SIGN_IN_REQUIRED unless signed in or confirmed within 15 minutes)',
        description,
        params: IdParams,
        querystring: PdfQuery,
        response: { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema },
      },
      onRequest: app.requireAdmin,
      preHandler: app.requireFreshSignIn,
    },
    async (request, reply) =>
      sendPdf(app, db, reply, {
        id: request.params.id,
        readerId: request.user!.id,
        ownerId: null,
        language: request.query.lang ?? requestLanguage(request.headers),
        beforeSend: () => recordAccess(db, request, { kind: 'staff-pdf', applicationId: request.params.id }),
      }),
  );
};
