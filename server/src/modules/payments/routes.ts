// Payments' routes (decision 033): a payment read by its payer or staff, and QPay's callback, a
// prompt to ask QPay whether the payment named in its URL was paid. Making a payment, staff's list,
// refunds and manual payments come next (issue 25).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { PaymentSchema, type Payment } from '@aylal/shared/schemas/payments';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorAnswers, IdParams } from '../../lib/route-schemas.ts';
import { isUuid } from '../../lib/sql-text.ts';
import { sendError } from '../../plugins/errors.ts';
import { isCallbackToken } from './callback-token.ts';
import type { PaymentProvider } from './provider.ts';
import { confirmPayment } from './service.ts';
import type { PaymentRow } from './states.ts';

const CallbackQuery = z.object({ payment: z.string().max(100), token: z.string().max(100) });

export const qpayCallbackRoutes: FastifyPluginAsyncZod<{ db: Db; qpay: PaymentProvider; secret: string }> = async (
  app,
  { db, qpay, secret },
) => {
  app.get(
    '/payments/qpay/callback',
    {
      schema: {
        tags: ['payments'],
        summary: "QPay's callback after a payment: we ask QPay, and answer SUCCESS whatever it says",
        querystring: CallbackQuery,
      },
    },
    async (request, reply) => {
      const { payment, token } = request.query;
      if (!isUuid(payment) || !isCallbackToken(secret, payment, token)) {
        return sendError(request, reply, 404, 'NOT_FOUND');
      }
      try {
        const outcome = await confirmPayment(db, qpay, payment);
        request.log.info({ outcome }, 'qpay callback');
      } catch (error) {
        request.log.warn({ err: error }, 'qpay callback: QPay did not answer');
        return sendError(request, reply, 503, 'PAYMENT_PROVIDER_UNAVAILABLE');
      }
      return reply.type('text/plain; charset=utf-8').send('SUCCESS');
    },
  );
};

/** A payment as its payer and staff see it. */
export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    purpose: row.purpose as Payment['purpose'],
    method: row.method as Payment['method'],
    state: row.state as Payment['state'],
    amount: row.amount,
    currency: row.currency as Payment['currency'],
    refunded: row.refunded,
    instructions: row.instructions,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The payer's read of their payment (staff may read any); anyone else finds nothing. */
export const paymentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (request) => {
      const id = request.params.id;
      const [row] = isUuid(id) ? await db.select().from(payments).where(eq(payments.id, id)).limit(1) : [];
      const user = request.user!;
      if (!row || (row.userId !== user.id && !user.isStaff)) throw new AppError('PAYMENT_NOT_FOUND');
      return toPayment(row);
    },
  );
};
