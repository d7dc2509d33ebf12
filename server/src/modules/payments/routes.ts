// Payments' routes (decision 033): a payment read by its payer or staff, and QPay's callback, a
// prompt to ask QPay whether the payment named in its URL was paid; staff's payment by hand and
// refunds.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { dateInZone } from '@aylal/shared/consultation-rules';
import { LANGUAGES } from '@aylal/shared/i18n';
import { PAYMENT_METHOD_CURRENCY } from '@aylal/shared/payment-rules';
import {
  AdminPaymentsQuerySchema,
  AdminPaymentsSchema,
  ManualPaymentRequestSchema,
  PaymentRequestSchema,
  RefundRequestSchema,
  PaymentSchema,
} from '@aylal/shared/schemas/payments';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { payments } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorAnswers, IdParams } from '../../lib/route-schemas.ts';
import { isUuid } from '../../lib/sql-text.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { requestLanguage } from '../../lib/messages.ts';
import { sendError } from '../../plugins/errors.ts';
import { consultationFeeDue } from '../consultations/index.ts';
import { processingDue } from '../visa/index.ts';
import { callbackToken, isCallbackToken } from './callback-token.ts';
import { recordManualPayment } from './manual.ts';
import type { PaymentProvider } from './provider.ts';
import { refundPayment, type RefundedHook } from './refund.ts';
import { confirmPayment, openPayment, type OpenPaymentInput, type PaidHook } from './service.ts';
import { toPayment } from './mapping.ts';
import { receiptOf } from './receipt.ts';
import { listPayments, paymentsCsv, paymentsForExport } from './staff-list.ts';

const CallbackQuery = z.object({ payment: z.string().max(100), token: z.string().max(100) });
const ExportQuerySchema = AdminPaymentsQuerySchema.and(z.object({ lang: z.enum(LANGUAGES).optional() }));

export const qpayCallbackRoutes: FastifyPluginAsyncZod<{
  db: Db;
  qpay: PaymentProvider;
  secret: string;
  onPaid: PaidHook;
}> = async (app, { db, qpay, secret, onPaid }) => {
  // QPay calls back with GET; with POST too when a merchant asks it to. Its server sends no Origin:
  // the route says so (`fromProvider`), and the token names the payment.
  app.route({
    method: ['GET', 'POST'],
    url: '/payments/qpay/callback',
    config: { changes: [], fromProvider: true },
    schema: {
      tags: ['payments'],
      summary: "QPay's callback after a payment: we ask QPay, and answer SUCCESS whatever it says",
      querystring: CallbackQuery,
    },
    handler: async (request, reply) => {
      const { payment, token } = request.query;
      if (!isUuid(payment) || !isCallbackToken(secret, payment, token)) {
        return sendError(request, reply, 404, 'NOT_FOUND');
      }
      try {
        const outcome = await confirmPayment(db, qpay, payment, onPaid);
        // What it paid for shows in staff's visa list: forgotten here at once (the triggers tell the others).
        if (outcome === 'paid') request.changed('visa', 'consultation');
        request.log.info({ outcome }, 'qpay callback');
      } catch (error) {
        request.log.warn({ err: error }, 'qpay callback: QPay did not answer');
        return sendError(request, reply, 503, 'PAYMENT_PROVIDER_UNAVAILABLE');
      }
      return reply.type('text/plain; charset=utf-8').send('SUCCESS');
    },
  });
};

/** How often a payer's page reading their waiting payment makes us ask its provider. */
export const ASK_PROVIDER_EVERY_MS = 10_000;

/** At most once every `ms` per key, in this process (kept small: keys older than `ms` are dropped). */
class Throttle {
  readonly #last = new Map<string, number>();
  constructor(private readonly ms: number) {}

  due(key: string, now = Date.now()): boolean {
    if (now - (this.#last.get(key) ?? 0) < this.ms) return false;
    if (this.#last.size > 1000) {
      for (const [other, at] of this.#last) if (now - at >= this.ms) this.#last.delete(other);
    }
    this.#last.set(key, now);
    return true;
  }
}

/** The payer's read of their payment (staff may read any); anyone else finds nothing. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** The providers configured, by the method they serve. */
  providers: Map<'qpay' | 'card', PaymentProvider>;
  publicUrl: string;
  secret: string;
  onPaid: PaidHook;
}> = async (app, { db, providers, publicUrl, secret, onPaid }) => {
  const asking = new Throttle(ASK_PROVIDER_EVERY_MS);
  app.post(
    '/payments',
    {
      preHandler: app.requireUser,
      config: { changes: [] },
      schema: {
        tags: ['payments'],
        summary:
          "Pay for a visa application's processing or a consultation's fee: the payment, with the QR code and bank links or the card's page (the open one if there is one)",
        body: PaymentRequestSchema,
        response: { 200: PaymentSchema, ...errorAnswers(400, 401, 404, 409, 503) },
      },
    },
    async (request) => {
      const { method, for: target } = request.body;
      const provider = providers.get(method);
      if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      const userId = request.user!.id;
      const common = {
        userId,
        currency: PAYMENT_METHOD_CURRENCY[method],
        callbackUrl: (id: string) => qpayCallbackUrl(publicUrl, secret, id),
      };
      let input: OpenPaymentInput;
      if ('consultationId' in target) {
        const due = await consultationFeeDue(db, target.consultationId, userId);
        input = {
          ...common,
          purpose: 'consultation',
          consultationId: target.consultationId,
          priceUsd: due.priceUsd,
          description: due.description,
          // Back from Checkout to the traveller's consultations, which follow this payment.
          returnUrl: (id) => `${publicUrl}/consultations?payment=${id}&consultation=${target.consultationId}`,
        };
      } else {
        const due = await processingDue(db, target.visaApplicationId, userId);
        input = {
          ...common,
          purpose: 'visa-processing',
          visaApplicationId: target.visaApplicationId,
          priceUsd: due.priceUsd,
          // What the bank app shows the payer: the reference, never a name.
          description: `Aylal visa processing ${due.reference}`,
          // Back from Checkout to the application's page, which follows this payment.
          returnUrl: (id) => `${publicUrl}/visa/${target.visaApplicationId}?payment=${id}`,
        };
      }
      const { payment } = await openPayment(db, provider, input, providers);
      return toPayment(payment);
    },
  );

  app.get(
    '/payments/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'A payment: its state, amount and what to pay with while it is open (its payer and staff only)',
        params: IdParams,
        response: { 200: PaymentSchema, ...errorAnswers(401, 404) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const read = async () =>
        isUuid(id) ? (await db.select().from(payments).where(eq(payments.id, id)).limit(1))[0] : undefined;
      const row = await read();
      const user = request.user!;
      if (!row || (row.userId !== user.id && !user.isStaff)) throw new AppError('PAYMENT_NOT_FOUND');
      reply.header('cache-control', 'private, no-store');
      // The payer's page waits on it: now and then the provider is asked, so a callback or webhook
      // that never came (paid at the bank, the page still waiting) does not keep them waiting.
      const provider = providers.get(row.method as 'qpay' | 'card');
      if (row.state === 'pending' && provider && row.userId === user.id && asking.due(row.id)) {
        try {
          if ((await confirmPayment(db, provider, row.id, onPaid)) === 'paid') {
            request.changed('visa', 'consultation');
            return toPayment((await read())!);
          }
        } catch (error) {
          request.log.warn({ err: error }, 'payment read: the provider did not answer');
        }
      }
      return toPayment(row);
    },
  );
};

/**
 * GET /api/payments/:id/receipt.pdf: the receipt of a paid payment (or one refunded since), for its
 * payer and staff, in the language asked; drawn in the PDF pool's threads.
 */
export const receiptRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/payments/:id/receipt.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: "A paid payment's receipt as a PDF (its payer and staff only)",
        params: IdParams,
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        response: errorAnswers(401, 404, 429, 503),
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const user = request.user!;
      const [found] = isUuid(id)
        ? await db
            .select({ payment: payments, payer: users.name })
            .from(payments)
            .leftJoin(users, eq(users.id, payments.userId))
            .where(eq(payments.id, id))
            .limit(1)
        : [];
      const payment = found?.payment;
      if (!payment || (payment.userId !== user.id && !user.isStaff) || !payment.paidAt) {
        throw new AppError('PAYMENT_NOT_FOUND');
      }
      const language = request.query.lang ?? requestLanguage(request.headers);
      const receipt = await receiptOf(db, payment, found.payer ?? '', language);
      const { pdf } = await app.cvPdfs.getDocument(user.id, { kind: 'receipt', receipt, language });
      // Bytes, not one of the JSON answers the schema lists.
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', attachment(`${receipt.number}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

/** Where QPay calls back about payment `id`: our route, with the token that names it. */
export const qpayCallbackUrl = (publicUrl: string, secret: string, id: string) =>
  `${publicUrl}/api/payments/qpay/callback?payment=${id}&token=${callbackToken(secret, id)}`;

/** /api/admin/payments: staff's side of payments (decision 033): a payment recorded by hand, refunds. */
export const adminPaymentRoutes: FastifyPluginAsyncZod<{
  db: Db;
  onPaid: PaidHook;
  onRefunded: RefundedHook;
  providers: Map<'qpay' | 'card', PaymentProvider>;
  publicUrl: string;
  secret: string;
}> = async (app, { db, onPaid, onRefunded, providers, publicUrl, secret }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/payments',
    {
      config: { changes: ['visa', 'consultation'] },
      schema: {
        tags: ['admin'],
        summary:
          "Record a visa application's processing or a consultation's fee paid by hand (cash at the office), at its price",
        body: ManualPaymentRequestSchema,
        response: { 200: PaymentSchema, ...errorAnswers(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const { for: target, currency } = request.body;
      const paid = await recordManualPayment(db, providers, request.user!.id, target, currency, onPaid);
      return toPayment(paid);
    },
  );

  app.get(
    '/payments',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Staff's payments list, newest first: of one application or consultation, or by state, method, purpose, the days made and a search",
        querystring: AdminPaymentsQuerySchema,
        response: { 200: AdminPaymentsSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listPayments(db, request.query, await app.agencyClock.timeZone());
    },
  );

  app.get(
    '/payments.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The filtered payments as CSV (UTF-8 with a byte order mark), in the language asked',
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { lang, ...filter } = request.query;
      const timeZone = await app.agencyClock.timeZone();
      const rows = await paymentsForExport(db, filter, timeZone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`payments-${dateInZone(new Date(), timeZone)}.csv`))
        .header('cache-control', 'private, no-store')
        .send(paymentsCsv(rows, lang ?? requestLanguage(request.headers), timeZone));
    },
  );

  app.post(
    '/payments/:id/refund',
    {
      config: { changes: ['visa', 'consultation'] },
      schema: {
        tags: ['admin'],
        summary:
          'Give back all that is left of a paid payment, or part of it (cards), with a reason: at its provider, or by hand for a manual one',
        params: IdParams,
        body: RefundRequestSchema,
        response: { 200: PaymentSchema, ...errorAnswers(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (!isUuid(id)) throw new AppError('PAYMENT_NOT_FOUND');
      const refunded = await refundPayment(
        db,
        providers,
        id,
        {
          actorId: request.user!.id,
          amount: request.body.amount,
          reason: request.body.reason,
          callbackUrl: (paymentId) => qpayCallbackUrl(publicUrl, secret, paymentId),
        },
        onRefunded,
      );
      return toPayment(refunded);
    },
  );
};
