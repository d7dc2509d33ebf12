import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_EMAIL, createTestApp, expectError, type TestApp } from '../../../test/helpers.ts';
import { travellerWithVisa, visaPaymentInput } from '../../../test/payments.ts';
import { FAKE_QPAY_CLIENT, startFakeQPay, type FakeQPay } from '../../bench/fake-qpay.ts';
import { paymentHistory, payments } from '../../db/schema/payments.ts';
import { callbackToken } from './callback-token.ts';
import { QPayClient } from './qpay-client.ts';
import { qpayProvider } from './qpay-provider.ts';
import { openPayment } from './service.ts';

describe("QPay's callback", () => {
  let t: TestApp;
  let qpay: FakeQPay;
  const logLines: string[] = [];
  let payment: { id: string; providerRef: string | null };
  let callback: string;
  let traveller: string;

  beforeAll(async () => {
    qpay = await startFakeQPay();
    t = await createTestApp(
      {
        QPAY_URL: qpay.url,
        QPAY_CLIENT_ID: FAKE_QPAY_CLIENT.clientId,
        QPAY_CLIENT_SECRET: FAKE_QPAY_CLIENT.clientSecret,
        QPAY_INVOICE_CODE: FAKE_QPAY_CLIENT.invoiceCode,
      },
      { logLines },
    );
    const { cookie, userId, visaApplicationId } = await travellerWithVisa(t, 'traveller@example.com');
    traveller = cookie;
    const path = (id: string) =>
      `/api/payments/qpay/callback?payment=${id}&token=${callbackToken(t.config.AUTH_SECRET, id)}`;
    const opened = await openPayment(
      t.db,
      qpayProvider(new QPayClient({ url: qpay.url, ...FAKE_QPAY_CLIENT })),
      visaPaymentInput({ userId, visaApplicationId }, { callbackUrl: (id) => `http://localhost:3000${path(id)}` }),
    );
    payment = opened.payment;
    callback = path(payment.id);
  });
  afterAll(async () => {
    await t.close();
    await qpay.close();
  });

  const stateOf = async () => (await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.state;

  it('is only a prompt: before the payer paid, it answers SUCCESS and nothing is paid', async () => {
    const answer = await t.get(callback);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('SUCCESS');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(await stateOf()).toBe('pending');
  });

  it('pays once, however often QPay calls back, and keeps its token out of the logs', async () => {
    qpay.pay(payment.providerRef!);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.get(callback)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect((await t.get(callback)).body).toBe('SUCCESS');
    expect(await stateOf()).toBe('paid');
    const moves = await t.db.select().from(paymentHistory).where(eq(paymentHistory.paymentId, payment.id));
    expect(moves.filter((move) => move.toState === 'paid')).toHaveLength(1);
    const token = new URL(callback, 'http://x').searchParams.get('token')!;
    expect(logLines.some((line) => line.includes('/api/payments/qpay/callback'))).toBe(true);
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
  });

  it('takes a POST from QPay’s server, which sends no Origin, as it takes a GET', async () => {
    const posted = await t.app.inject({ method: 'POST', url: callback });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.body).toBe('SUCCESS');
    // Any other write without our Origin is still refused.
    const other = await t.app.inject({ method: 'POST', url: '/api/payments', payload: {} });
    expect(other.statusCode).toBe(403);
  });

  it('answers 404 to a callback naming a payment without its token, and changes nothing', async () => {
    const other = callbackToken(t.config.AUTH_SECRET, '00000000-0000-0000-0000-000000000000');
    expectError(await t.get(`/api/payments/qpay/callback?payment=${payment.id}&token=${other}`), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/payments/qpay/callback?payment=not-a-uuid&token=${other}`), 404, 'NOT_FOUND');
    expect((await t.get('/api/payments/qpay/callback')).statusCode).toBe(400);
  });

  it('is read by its payer and staff, and by no one else', async () => {
    const mine = await t.get(`/api/payments/${payment.id}`, { cookie: traveller });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ id: payment.id, state: 'paid', amount: 16_905_000, currency: 'MNT' });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const staff = await t.get(`/api/payments/${payment.id}`, { cookie: await t.signUp(ADMIN_EMAIL) });
    expect(staff.statusCode, staff.body).toBe(200);
    const stranger = await t.signUp('stranger@example.com');
    expectError(await t.get(`/api/payments/${payment.id}`, { cookie: stranger }), 404, 'PAYMENT_NOT_FOUND');
    expectError(await t.get('/api/payments/not-an-id', { cookie: stranger }), 404, 'PAYMENT_NOT_FOUND');
    expectError(await t.get(`/api/payments/${payment.id}`), 401, 'UNAUTHENTICATED');
  });

  it('is not there when QPay is not configured', async () => {
    const plain = await createTestApp();
    try {
      expectError(await plain.get(callback), 404, 'NOT_FOUND');
    } finally {
      await plain.close();
    }
  });
});
