// Payments (issue 25, docs/decisions/033): provider-agnostic records of what a person pays for,
// moved state by state exactly once: the states, the provider events' ledger, QPay (client,
// provider, callback) and cards through Stripe Checkout (provider, webhook), opening and confirming
// a payment, reconciliation, the payer's routes and staff's payment by hand.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import { consultationFeePaidHook } from '../consultations/index.ts';
import { processingPaid, processingRefunded } from '../visa/index.ts';
import { QPayClient } from './qpay-client.ts';
import { qpayProvider } from './qpay-provider.ts';
import type { PdfRenderer } from '../../lib/pdf-pool.ts';
import type { PaymentProvider } from './provider.ts';
import { enqueueReceipt, type Receipt } from './receipt.ts';
import { reconcilePayments } from './reconcile.ts';
import type { RefundedHook } from './refund.ts';
import type { PaidHook } from './service.ts';
import { adminPaymentRoutes, paymentRoutes, qpayCallbackRoutes, qpayCallbackUrl, receiptRoutes } from './routes.ts';
import { settleConsultationFees } from './settle.ts';
import { stripeConfigured, stripeFromConfig, stripeProvider } from './stripe-provider.ts';
import { stripeWebhookRoutes } from './stripe-webhook.ts';

export type { PaymentProvider, ProviderConfirmation, StartedPayment } from './provider.ts';
export { callbackToken } from './callback-token.ts';
export { QPayClient, QPayError, type QPayConfig } from './qpay-client.ts';
export { qpayProvider } from './qpay-provider.ts';
export { stripeFromConfig, stripeProvider } from './stripe-provider.ts';
export { reconcilePayments, type ReconcileReport } from './reconcile.ts';
export { confirmPayment, openPayment, type Confirmation, type OpenPaymentInput } from './service.ts';
export { refundPayment, type RefundInput } from './refund.ts';
export { settleConsultationFees, type SettleReport } from './settle.ts';
export { movePayment, recordProviderEvent, type PaymentMove, type PaymentRow } from './states.ts';

declare module '../../lib/pdf-pool.ts' {
  interface PdfInputs {
    receipt: Receipt;
  }
}

/** How the pool's threads draw a payment's receipt (lib/pdfs.ts). */
export const receiptPdfRenderer: PdfRenderer = {
  url: new URL('./receipt-pdf.ts', import.meta.url).href,
  name: 'renderReceiptPdf',
};

/** The ways of paying this installation offers (GET /api/config tells the web). */
export function configuredPaymentMethods(config: Config): ('qpay' | 'card')[] {
  return [
    ...(qpayConfigured(config) ? (['qpay'] as const) : []),
    ...(stripeConfigured(config) ? (['card'] as const) : []),
  ];
}

/** Whether QPay's client id, secret and invoice code are all set. */
function qpayConfigured(config: Config): boolean {
  return Boolean(config.QPAY_CLIENT_ID && config.QPAY_CLIENT_SECRET && config.QPAY_INVOICE_CODE);
}

/** QPay, when its client id, secret and invoice code are set; otherwise it is not offered. */
export function qpayFromConfig(config: Config): QPayClient | null {
  if (!qpayConfigured(config)) return null;
  return new QPayClient({
    url: config.QPAY_URL,
    clientId: config.QPAY_CLIENT_ID!,
    clientSecret: config.QPAY_CLIENT_SECRET!,
    invoiceCode: config.QPAY_INVOICE_CODE!,
  });
}

/** How often reconciliation asks the providers about payments still waiting. */
const RECONCILE_EVERY_MS = 5 * 60_000;
/** How often cancelled consultations' fees are given back. */
const SETTLE_EVERY_MS = 30_000;

export const paymentsModule: FastifyPluginAsync<{ db: Db; config: Config; notifier: Notifier }> = async (
  app,
  { db, config, notifier },
) => {
  const client = qpayFromConfig(config);
  const qpay = client ? qpayProvider(client) : null;
  const stripe = await stripeFromConfig(config);
  const card = stripe ? stripeProvider(stripe) : null;
  const providers = new Map<'qpay' | 'card', PaymentProvider>();
  if (qpay) providers.set('qpay', qpay);
  if (card) providers.set('card', card);
  const secret = config.AUTH_SECRET;
  const feePaid = consultationFeePaidHook(config, notifier);
  // What a payment pays for becomes paid with it, in its transaction.
  const onPaid: PaidHook = async (tx, payment) => {
    if (payment.purpose === 'consultation' && payment.consultationId) await feePaid(tx, payment.consultationId);
    // The payer's receipt, once: whatever made it paid (a callback, a webhook, a check, staff).
    await enqueueReceipt(tx, payment, config.PUBLIC_URL);
    if (payment.purpose === 'visa-processing' && payment.visaApplicationId) {
      await processingPaid(tx, notifier, payment.visaApplicationId, {
        provider: payment.method,
        providerRef: payment.providerPaymentRef ?? '',
        actorId: payment.recordedBy,
      });
    }
  };

  await app.register(paymentRoutes, { db, providers, publicUrl: config.PUBLIC_URL, secret, onPaid });
  await app.register(receiptRoutes, { db });
  // Its money given back in full: what it paid for is no longer paid.
  const onRefunded: RefundedHook = async (tx, payment, actorId) => {
    if (payment.purpose === 'visa-processing' && payment.visaApplicationId) {
      await processingRefunded(tx, notifier, payment.visaApplicationId, actorId);
    }
  };
  await app.register(adminPaymentRoutes, {
    db,
    onPaid,
    onRefunded,
    providers,
    publicUrl: config.PUBLIC_URL,
    secret,
    prefix: '/admin',
  });
  if (qpay) await app.register(qpayCallbackRoutes, { db, qpay, secret, onPaid });
  if (stripe && card) {
    await app.register(stripeWebhookRoutes, {
      db,
      stripe,
      provider: card,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      onPaid,
    });
  }
  // Consultation fees given back (cancelled in time): in every process, one pass at a time.
  const callbackUrl = (id: string) => qpayCallbackUrl(config.PUBLIC_URL, secret, id);
  every(app, SETTLE_EVERY_MS, 'consultation fees', () =>
    settleConsultationFees(db, providers, app.log, callbackUrl, onRefunded),
  );
  if (providers.size === 0) return;
  // Reconciliation in every process; the advisory lock lets one pass run at a time.
  every(app, RECONCILE_EVERY_MS, 'payment reconciliation', () =>
    reconcilePayments(db, [...providers.values()], app.log, new Date(), onPaid),
  );
};

/** Runs `pass` every `ms` from the app's start to its close (never two at once), logging a failure. */
function every(app: FastifyInstance, ms: number, name: string, pass: () => Promise<unknown>): void {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= pass()
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed; it runs again later`))
      .finally(() => (running = null));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(run, ms).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
