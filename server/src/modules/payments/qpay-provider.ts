// QPay as a payment provider (decision 033): an invoice per payment, paid when QPay's payment
// check lists a PAID payment against it. The callback only prompts that check.
import type { PaymentProvider } from './provider.ts';
import { type QPayClient } from './qpay-client.ts';

/** How long an invoice is offered before reconciliation expires an unpaid payment. */
export const QPAY_INVOICE_MINUTES = 60;

export function qpayProvider(client: QPayClient, now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: 'qpay',
    method: 'qpay',
    async start(payment, { description, callbackUrl }) {
      const invoice = await client.createInvoice({
        paymentId: payment.id,
        amount: payment.amount,
        description,
        callbackUrl,
      });
      return {
        providerRef: invoice.invoiceId,
        expiresAt: new Date(now().getTime() + QPAY_INVOICE_MINUTES * 60_000),
        instructions: { qrText: invoice.qrText, bankLinks: invoice.bankLinks },
      };
    },
    async confirm(payment) {
      if (!payment.providerRef) return null;
      // The payment of the invoice's own amount; failing that any other, which is then not ours.
      const rows = (await client.checkInvoice(payment.providerRef)).filter((row) => row.status === 'PAID');
      const paid = rows.find((row) => row.amount === payment.amount && row.currency === payment.currency) ?? rows[0];
      if (!paid) return null;
      return {
        eventKey: paid.paymentId,
        providerPaymentRef: paid.paymentId,
        amount: paid.amount,
        currency: paid.currency,
        paidAt: paid.paidAt ? new Date(paid.paidAt) : now(),
      };
    },
    async cancel(payment) {
      if (payment.providerRef) await client.cancelInvoice(payment.providerRef);
    },
    refundsPart: false,
    async refund(payment, { callbackUrl }) {
      // QPay refunds a payment once and whole; a repeat of a refund it made answers an error, which
      // the refund's history shows as failed for staff to look at (the money went back).
      if (!payment.providerPaymentRef) throw new Error('a QPay payment without its QPay payment id');
      await client.refund(payment.providerPaymentRef, callbackUrl);
    },
  };
}
