// The providers' side of payments (decision 033): QPay's callback, a prompt to ask QPay whether
// the payment named in its URL was paid. The payer's and staff's routes come next (issue 25).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/sql-text.ts';
import { sendError } from '../../plugins/errors.ts';
import { isCallbackToken } from './callback-token.ts';
import type { PaymentProvider } from './provider.ts';
import { confirmPayment } from './service.ts';

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
