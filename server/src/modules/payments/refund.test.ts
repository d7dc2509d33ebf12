import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { Payment } from '@aylal/shared/schemas/payments';
import { errorOf, expectError } from '../../../test/helpers.ts';
import { priceVisaProcessing, sentVisaApplication } from '../../../test/payments.ts';
import { usePayingTestApp } from '../../../test/paying-app.ts';
import { paymentHistory, payments } from '../../db/schema/payments.ts';

describe('staff give money back: all of a payment, or part of a card payment, once, with a reason', () => {
  const { t, stripe, qpay, accounts } = usePayingTestApp();
  let traveller: string;
  let admin: string;

  const refund = (id: string, body: object, cookie = admin) =>
    t.send('POST', `/api/admin/payments/${id}/refund`, { cookie, body });
  const stored = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const processingState = async (id: string) =>
    (await t.db.execute<{ state: string }>(sql`select state from visa_payments where application_id = ${id}`)).rows[0]
      ?.state;
  const told = async (application: string) =>
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from notifications where type = 'visaPaymentChanged' and link like ${`%${application}%`}`,
      )
    ).rows[0]!.n;
  /** A new application's processing paid by `method` through its provider: the application and its payment. */
  async function paid(method: 'card' | 'qpay') {
    const application = await sentVisaApplication(t, traveller, true);
    const opened = await t.send('POST', '/api/payments', {
      cookie: traveller,
      body: { for: { visaApplicationId: application }, method },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const payment = opened.json() as Payment;
    const { providerRef } = await stored(payment.id);
    if (method === 'card') {
      await stripe.pay(providerRef!, { webhook: false });
      const { body, signature } = stripe.signedEvent(providerRef!, 'checkout.session.completed');
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });
      expect(hook.statusCode, hook.body).toBe(200);
    } else {
      qpay.pay(providerRef!);
      const callback = new URL(qpay.invoices.get(providerRef!)!.callbackUrl);
      expect((await t.get(`${callback.pathname}${callback.search}`)).statusCode).toBe(200);
    }
    expect((await stored(payment.id)).state).toBe('paid');
    return { application, payment: await stored(payment.id) };
  }

  beforeAll(async () => {
    ({ admin, traveller } = accounts);
    await priceVisaProcessing(t, admin);
  });

  it('refunds part of a card payment, then the rest: Stripe gives each back once, and the applicant is told when all is', async () => {
    const { application, payment } = await paid('card');
    const part = await refund(payment.id, { amount: 2000, reason: 'Consular fee lowered' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ state: 'partially_refunded', refunded: 2000, amount: 4900 });
    expect(await processingState(application)).toBe('paid');
    expect(await told(application)).toBe(1);

    const rest = await refund(payment.id, { reason: 'Application withdrawn' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ state: 'refunded', refunded: 4900 });
    expect(stripe.refunds.filter((row) => row.payment_intent === payment.providerPaymentRef)).toMatchObject([
      { amount: 2000 },
      { amount: 2900 },
    ]);
    expect(await processingState(application)).toBe('refunded');
    expect(await told(application)).toBe(2);
    const history = await t.db
      .select({ to: paymentHistory.toState, amount: paymentHistory.amount, reason: paymentHistory.reason })
      .from(paymentHistory)
      .where(eq(paymentHistory.paymentId, payment.id))
      .orderBy(asc(paymentHistory.at));
    expect(history.slice(-4)).toEqual([
      { to: 'refund_pending', amount: 2000, reason: 'Consular fee lowered' },
      { to: 'partially_refunded', amount: 2000, reason: null },
      { to: 'refund_pending', amount: 2900, reason: 'Application withdrawn' },
      { to: 'refunded', amount: 2900, reason: null },
    ]);
    const listed = await t.get(`/api/admin/payments?visaApplicationId=${application}`, { cookie: admin });
    expect(listed.json()).toMatchObject({
      items: [{ id: payment.id, state: 'refunded', refunded: 4900, method: 'card' }],
    });
    expectError(
      await t.get(`/api/admin/payments?visaApplicationId=${application}`, { cookie: traveller }),
      403,
      'FORBIDDEN',
    );
    // Nothing is left to give back.
    expectError(await refund(payment.id, { reason: 'Again' }), 409, 'PAYMENT_NOT_REFUNDABLE');
  });

  it('refunds once however often staff click at the same moment', async () => {
    const { payment } = await paid('card');
    const answers = await Promise.all([1, 2, 3, 4].map(() => refund(payment.id, { reason: 'Double click' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(stripe.refunds.filter((row) => row.payment_intent === payment.providerPaymentRef)).toHaveLength(1);
    expect((await stored(payment.id)).refunded).toBe(4900);
  });

  it('gives a QPay payment back whole only, and marks a refund QPay refused as failed for staff to try again', async () => {
    const { application, payment } = await paid('qpay');
    expectError(await refund(payment.id, { amount: 100, reason: 'Part' }), 400, 'PAYMENT_REFUND_AMOUNT_INVALID');
    expect((await stored(payment.id)).state).toBe('paid');

    // QPay refuses (here: it holds the payment refunded already).
    const [qpayPayment] = [...qpay.invoices.values()].flatMap((invoice) =>
      invoice.payments.filter((row) => row.payment_id === payment.providerPaymentRef),
    );
    qpayPayment!.payment_status = 'REFUNDED';
    expectError(await refund(payment.id, { reason: 'Withdrawn' }), 503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await stored(payment.id)).toMatchObject({ state: 'refund_failed', refunded: 0 });
    expect(await processingState(application)).toBe('paid');

    qpayPayment!.payment_status = 'PAID';
    const again = await refund(payment.id, { reason: 'Withdrawn' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ state: 'refunded', refunded: payment.amount, currency: 'MNT' });
    expect(qpayPayment!.payment_status).toBe('REFUNDED');
    expect(await processingState(application)).toBe('refunded');
  });

  it('gives back by hand what was taken by hand', async () => {
    const application = await sentVisaApplication(t, traveller, true);
    const recorded = await t.send('POST', '/api/admin/payments', {
      cookie: admin,
      body: { for: { visaApplicationId: application }, currency: 'USD' },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const payment = recorded.json() as Payment;
    const back = await refund(payment.id, { amount: 900, reason: 'Overpaid at the office' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ method: 'manual', state: 'partially_refunded', refunded: 900 });
  });

  it('refuses anyone but staff, amounts beyond what is left, and payments that hold no money; each changes nothing', async () => {
    const { payment } = await paid('card');
    expectError(await refund(payment.id, { reason: 'Mine' }, traveller), 403, 'FORBIDDEN');
    expectError(await refund(payment.id, { amount: 4901, reason: 'Too much' }), 400, 'PAYMENT_REFUND_AMOUNT_INVALID');
    for (const invalid of [
      { amount: 0, reason: 'Nothing' },
      { amount: 12.5, reason: 'A fraction' },
      { reason: '   ' },
    ]) {
      const answer = await refund(payment.id, invalid);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(errorOf(answer).code).toBe('VALIDATION_FAILED');
    }
    expectError(await refund('6b1f1f4e-6c3a-4f3e-9d55-1d1e1e1e1e1e', { reason: 'Who' }), 404, 'PAYMENT_NOT_FOUND');
    expectError(await refund('not-an-id', { reason: 'Who' }), 404, 'PAYMENT_NOT_FOUND');
    expect(await stored(payment.id)).toMatchObject({ state: 'paid', refunded: 0 });

    const application = await sentVisaApplication(t, traveller, true);
    const open = (
      await t.send('POST', '/api/payments', {
        cookie: traveller,
        body: { for: { visaApplicationId: application }, method: 'card' },
      })
    ).json() as Payment;
    expectError(await refund(open.id, { reason: 'Not paid' }), 409, 'PAYMENT_NOT_REFUNDABLE');
    expect((await stored(open.id)).state).toBe('pending');
  });
});
