// Cards through Stripe Checkout (decision 033): a Checkout Session per payment, named by our
// payment id, paid when Stripe's signed `checkout.session.completed` webhook or a read of the
// session says so. Our payment id keys every request, so a retried one makes nothing twice.
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { PaymentProvider, ProviderConfirmation } from './provider.ts';

/** How long a Checkout page takes payment (Stripe allows 30 minutes to a day). */
export const STRIPE_SESSION_MINUTES = 60;

/** Whether Stripe's secret key and webhook secret are both set: cards are offered only then. */
export function stripeConfigured(config: Config): boolean {
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);
}

/**
 * Stripe, when its secret key and webhook secret are set; otherwise cards are not offered. The
 * package (large) is loaded only then, so a product without cards never starts it.
 */
export async function stripeFromConfig(config: Config): Promise<Stripe | null> {
  if (!stripeConfigured(config)) return null;
  const api = new URL(config.STRIPE_API_URL);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  const { default: StripeClient } = await import('stripe');
  return new StripeClient(config.STRIPE_SECRET_KEY!, {
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
  });
}

/** A session's word that it was paid, or null while it was not. */
export function sessionConfirmation(session: Stripe.Checkout.Session): ProviderConfirmation | null {
  if (session.payment_status !== 'paid') return null;
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  return {
    // The session's id, whichever way its payment is heard of (webhook, reconciliation): one event.
    eventKey: session.id,
    providerPaymentRef: intent ?? session.id,
    amount: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paidAt: new Date(),
  };
}

export function stripeProvider(stripe: Stripe, now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: 'stripe',
    method: 'card',
    async start(payment, { description, returnUrl }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: payment.id,
          metadata: { payment: payment.id },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: payment.currency.toLowerCase(),
                unit_amount: payment.amount,
                product_data: { name: description },
              },
            },
          ],
          success_url: returnUrl,
          cancel_url: returnUrl,
          expires_at: Math.floor(now().getTime() / 1000) + STRIPE_SESSION_MINUTES * 60,
        },
        { idempotencyKey: `payment-${payment.id}` },
      );
      return {
        providerRef: session.id,
        expiresAt: new Date(session.expires_at * 1000),
        instructions: { checkoutUrl: session.url ?? undefined },
      };
    },
    async confirm(payment) {
      if (!payment.providerRef) return null;
      return sessionConfirmation(await stripe.checkout.sessions.retrieve(payment.providerRef));
    },
    async cancel(payment) {
      if (payment.providerRef) {
        await stripe.checkout.sessions.expire(payment.providerRef, {}, { idempotencyKey: `expire-${payment.id}` });
      }
    },
    refundsPart: true,
    async refund(payment, { amount, idempotencyKey }) {
      if (!payment.providerPaymentRef) throw new Error('a card payment without its PaymentIntent');
      const refund = await stripe.refunds.create(
        { payment_intent: payment.providerPaymentRef, amount, metadata: { payment: payment.id } },
        { idempotencyKey },
      );
      // Pending refunds (some banks) are Stripe's to finish: accepted is refunded for us.
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new Error(`Stripe's refund ${refund.status}`);
    },
  };
}
