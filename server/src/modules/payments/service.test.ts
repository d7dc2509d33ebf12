import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/helpers.ts';
import { travellerWithVisa, visaPaymentInput } from '../../../test/payments.ts';
import { FAKE_QPAY_CLIENT, startFakeQPay, type FakeQPay } from '../../bench/fake-qpay.ts';
import { paymentEvents, paymentHistory, payments } from '../../db/schema/payments.ts';
import type { PaymentProvider } from './provider.ts';
import { QPayClient } from './qpay-client.ts';
import { qpayProvider } from './qpay-provider.ts';
import { confirmPayment, openPayment, type OpenPaymentInput } from './service.ts';

describe('a QPay payment, opened and confirmed on the provider’s word', () => {
  const t = useTestApp();
  let qpay: FakeQPay;
  let provider: PaymentProvider;
  /** Three travellers, each with a visa application to pay for. */
  const travellers: { userId: string; visaApplicationId: string }[] = [];

  const forTraveller = (index: number): OpenPaymentInput =>
    visaPaymentInput(travellers[index]!, {
      callbackUrl: (id) => `http://127.0.0.1:1/api/payments/qpay/callback?payment=${id}&token=t`,
    });
  const stateOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!.state;

  beforeAll(async () => {
    qpay = await startFakeQPay();
    provider = qpayProvider(new QPayClient({ url: qpay.url, ...FAKE_QPAY_CLIENT }));
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      const { userId, visaApplicationId } = await travellerWithVisa(t, email);
      travellers.push({ userId, visaApplicationId });
    }
  });
  afterAll(() => qpay.close());

  it('invoices the price in tögrög at the product’s rate, once however often the payer asks', async () => {
    const opened = await openPayment(t.db, provider, forTraveller(0));
    expect(opened.payment).toMatchObject({ state: 'pending', method: 'qpay', currency: 'MNT', amount: 16_905_000 });
    expect(opened.instructions?.qrText).toBeTruthy();
    expect(qpay.invoices.get(opened.payment.providerRef!)).toMatchObject({
      senderInvoiceNo: opened.payment.id,
      amount: 169_050,
    });
    const again = await Promise.all([1, 2, 3].map(() => openPayment(t.db, provider, forTraveller(0))));
    expect(new Set(again.map((answer) => answer.payment.id))).toEqual(new Set([opened.payment.id]));
    expect(again[0]!.instructions).toEqual(opened.instructions);
    expect(qpay.invoices.size).toBe(1);
  });

  it('is not paid before QPay says so, then paid once by fifty callbacks at once', async () => {
    const { payment } = await openPayment(t.db, provider, forTraveller(0));
    expect(await confirmPayment(t.db, provider, payment.id)).toBe('unpaid');
    expect(await stateOf(payment.id)).toBe('pending');

    qpay.pay(payment.providerRef!);
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirmPayment(t.db, provider, payment.id)));
    expect(answers.filter((answer) => answer === 'paid')).toHaveLength(1);
    expect(answers.filter((answer) => answer !== 'paid').every((answer) => answer === 'already')).toBe(true);
    const history = await t.db
      .select({ to: paymentHistory.toState })
      .from(paymentHistory)
      .where(eq(paymentHistory.paymentId, payment.id))
      .orderBy(asc(paymentHistory.at));
    expect(history.map((row) => row.to)).toEqual(['pending', 'paid']);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).toHaveLength(1);
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(paid).toMatchObject({ state: 'paid', instructions: null });
    expect(paid!.paidAt).toBeInstanceOf(Date);
    // Paid, it still holds the application: no second payment is opened for it.
    expect((await openPayment(t.db, provider, forTraveller(0))).payment.id).toBe(payment.id);
  });

  it('is not paid by a payment of another amount', async () => {
    const { payment } = await openPayment(t.db, provider, forTraveller(1));
    qpay.pay(payment.providerRef!, 1_000);
    expect(await confirmPayment(t.db, provider, payment.id)).toBe('mismatch');
    expect(await stateOf(payment.id)).toBe('pending');
  });

  it('opens a new invoice when the one held is past its end, rather than showing a code that no longer pays', async () => {
    const { payment } = await openPayment(t.db, provider, forTraveller(1));
    await t.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, payment.id));
    const fresh = await openPayment(t.db, provider, forTraveller(1));
    expect(fresh.payment.id).not.toBe(payment.id);
    expect(fresh.payment.state).toBe('pending');
    expect(await stateOf(payment.id)).toBe('expired');
  });

  it('leaves nothing charged and the payment failed when the provider does not answer', async () => {
    const down: PaymentProvider = {
      ...provider,
      start: () => Promise.reject(new Error('connect ECONNREFUSED')),
    };
    await expect(openPayment(t.db, down, forTraveller(2))).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    });
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.visaApplicationId, travellers[2]!.visaApplicationId));
    expect(row?.state).toBe('failed');
    // A failed payment holds nothing: the next try opens a new one.
    const retried = await openPayment(t.db, provider, forTraveller(2));
    expect(retried.payment.id).not.toBe(row!.id);
    expect(retried.payment.state).toBe('pending');
  });
});
