// Stripe's webhook (decision 033): `POST /api/payments/stripe/webhook`, verified against its raw
// body with STRIPE_WEBHOOK_SECRET. A signed `checkout.session.completed` is Stripe's word that the
// session was paid; a signed `checkout.session.expired`, that it no longer takes payment. A repeat
// changes nothing and still answers 200, as Stripe expects; anything we cannot act on now is a
// 503, which Stripe sends again later.
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { isUuid } from '../../lib/sql-text.ts';
import { sendError } from '../../plugins/errors.ts';
import type { PaymentProvider } from './provider.ts';
import { confirmPayment, type PaidHook } from './service.ts';
import { movePayment } from './states.ts';
import { sessionConfirmation } from './stripe-provider.ts';

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** What a verified event about a Checkout Session does; whether what a payment pays for changed. */
async function actOn(db: Db, provider: PaymentProvider, event: Stripe.Event, onPaid: PaidHook): Promise<boolean> {
  if (!event.type.startsWith('checkout.session.')) return false;
  const session = event.data.object as Stripe.Checkout.Session;
  const id = session.client_reference_id;
  if (!id || !isUuid(id)) return false;
  const [payment] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  // Only the session this payment was opened with speaks for it.
  if (!payment || payment.providerRef !== session.id) return false;
  if (PAID_EVENTS.has(event.type)) {
    const word = sessionConfirmation(session);
    return word !== null && (await confirmPayment(db, provider, id, onPaid, word)) === 'paid';
  }
  if (event.type === 'checkout.session.expired') await movePayment(db, id, 'expired');
  return false;
}

export const stripeWebhookRoutes: FastifyPluginAsync<{
  db: Db;
  stripe: Stripe;
  provider: PaymentProvider;
  webhookSecret: string;
  onPaid: PaidHook;
}> = async (app, { db, stripe, provider, webhookSecret, onPaid }) => {
  // The signature covers the bytes Stripe sent: in this plugin alone, JSON stays a Buffer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/stripe/webhook',
    {
      // Stripe's servers send no Origin: the signature is what lets it in.
      config: { changes: [], fromProvider: true },
      schema: {
        tags: ['payments'],
        summary: "Stripe's webhook: a signed event about a Checkout Session (paid, expired)",
      },
    },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') throw new Error('unsigned');
        event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
      } catch {
        return sendError(request, reply, 400, 'BAD_REQUEST');
      }
      try {
        if (await actOn(db, provider, event, onPaid)) request.changed('visa', 'consultation');
        request.log.info({ event: event.type }, 'stripe webhook');
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook: not acted on; Stripe sends it again');
        return sendError(request, reply, 503, 'PAYMENT_PROVIDER_UNAVAILABLE');
      }
      return { received: true };
    },
  );
};
