import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Payment } from '@aylal/shared/schemas/payments';
import { ADMIN_EMAIL, createTestApp, expectError, type TestApp } from '../../../test/helpers.ts';
import { fakeQPayConfig, startFakeQPay, type FakeQPay } from '../../bench/fake-qpay.ts';
import { priceVisaProcessing, sentVisaApplication } from '../../../test/payments.ts';
import { ASK_PROVIDER_EVERY_MS } from './routes.ts';

describe("paying for a visa application's processing by QPay, through the API", () => {
  let t: TestApp;
  let qpay: FakeQPay;
  let traveller: string;
  let admin: string;

  const sent = (cookie: string, processing: boolean) => sentVisaApplication(t, cookie, processing);
  const pay = (cookie: string, visaApplicationId: string, method = 'qpay') =>
    t.send('POST', '/api/payments', { cookie, body: { for: { visaApplicationId }, method } });
  /** Where the fake QPay would call back for its invoice: our callback's path and query. */
  const callbackOf = (invoiceId: string) => {
    const url = new URL(qpay.invoices.get(invoiceId)!.callbackUrl);
    return `${url.pathname}${url.search}`;
  };
  const processingState = async (id: string) =>
    (await t.db.execute<{ state: string }>(sql`select state from visa_payments where application_id = ${id}`)).rows[0]
      ?.state;

  beforeAll(async () => {
    qpay = await startFakeQPay();
    t = await createTestApp(fakeQPayConfig(qpay.url));
    admin = await t.signUp(ADMIN_EMAIL);
    traveller = await t.signUp('traveller@example.com');
    await priceVisaProcessing(t, admin);
  });
  afterAll(async () => {
    await t.close();
    await qpay.close();
  });

  it('invoices the processing in tögrög, and QPay’s callback makes it paid once and tells the applicant', async () => {
    const id = await sent(traveller, true);
    expect(await processingState(id)).toBe('awaiting-payment');
    const answer = await pay(traveller, id);
    expect(answer.statusCode, answer.body).toBe(200);
    const payment = answer.json() as Payment;
    expect(payment).toMatchObject({ state: 'pending', method: 'qpay', currency: 'MNT', amount: 16_905_000 });
    expect(payment.instructions?.qrText).toBeTruthy();
    expect(payment.instructions?.bankLinks?.length).toBeGreaterThan(0);
    // A second click gets the same invoice.
    expect(((await pay(traveller, id)).json() as Payment).id).toBe(payment.id);
    const [invoiceId] = [...qpay.invoices.keys()];
    const invoice = qpay.invoices.get(invoiceId!)!;
    expect(invoice).toMatchObject({ senderInvoiceNo: payment.id, amount: 169_050 });

    qpay.pay(invoiceId!);
    const callback = callbackOf(invoiceId!);
    for (const status of await Promise.all([1, 2, 3].map(async () => (await t.get(callback)).statusCode))) {
      expect(status).toBe(200);
    }
    expect(await processingState(id)).toBe('paid');
    const read = (await t.get(`/api/payments/${payment.id}`, { cookie: traveller })).json() as Payment;
    expect(read).toMatchObject({ state: 'paid', instructions: null });
    const told = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where type = 'visaPaymentChanged' and link like ${`%${id}%`}`,
    );
    expect(told.rows[0]!.n).toBe(1);
    // Paid, there is nothing more to pay.
    expectError(await pay(traveller, id), 409, 'PAYMENT_NOT_DUE');
  });

  it('refuses what is not the payer’s to pay, or not due, and a method not configured', async () => {
    const without = await sent(traveller, false);
    expectError(await pay(traveller, without), 409, 'PAYMENT_NOT_DUE');
    const stranger = await t.signUp('stranger@example.com');
    const theirs = await sent(traveller, true);
    expectError(await pay(stranger, theirs), 404, 'VISA_NOT_FOUND');
    expectError(await pay(traveller, 'not-an-id'), 404, 'VISA_NOT_FOUND');
    expectError(await pay(traveller, theirs, 'card'), 400, 'PAYMENT_METHOD_UNAVAILABLE');
    expectError(
      await t.send('POST', '/api/payments', { body: { for: { visaApplicationId: theirs }, method: 'qpay' } }),
      401,
      'UNAUTHENTICATED',
    );
    expect(await processingState(theirs)).toBe('awaiting-payment');
  });

  it('lets staff record the processing paid by hand, cancelling the open invoice, and no one else', async () => {
    const id = await sent(traveller, true);
    const open = (await pay(traveller, id)).json() as Payment;
    const record = (cookie: string, currency = 'MNT') =>
      t.send('POST', '/api/admin/payments', { cookie, body: { for: { visaApplicationId: id }, currency } });
    expectError(await record(traveller), 403, 'FORBIDDEN');
    const recorded = await record(admin);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ method: 'manual', state: 'paid', amount: 16_905_000, currency: 'MNT' });
    expect(await processingState(id)).toBe('paid');
    expect(((await t.get(`/api/payments/${open.id}`, { cookie: traveller })).json() as Payment).state).toBe(
      'cancelled',
    );
    // At QPay too: no bank app can pay it any more.
    const invoice = [...qpay.invoices.values()].find((row) => row.senderInvoiceNo === open.id)!;
    expect(invoice.cancelled).toBe(true);
    const audited = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity_id = ${id} and action = 'payment'`,
    );
    expect(audited.rows[0]!.n).toBe(1);
    expectError(await record(admin, 'USD'), 409, 'PAYMENT_NOT_DUE');
  });

  it('does not record by hand what QPay was paid a moment ago: the invoice stays, and QPay’s word makes it paid', async () => {
    const id = await sent(traveller, true);
    const open = (await pay(traveller, id)).json() as Payment;
    const invoice = [...qpay.invoices.entries()].find(([, row]) => row.senderInvoiceNo === open.id)!;
    qpay.pay(invoice[0]);
    const recorded = await t.send('POST', '/api/admin/payments', {
      cookie: admin,
      body: { for: { visaApplicationId: id }, currency: 'MNT' },
    });
    expectError(recorded, 503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    // (Staff's read does not ask QPay; the payer's would.)
    expect(((await t.get(`/api/payments/${open.id}`, { cookie: admin })).json() as Payment).state).toBe('pending');
    expect((await t.get(callbackOf(invoice[0]))).statusCode).toBe(200);
    expect(((await t.get(`/api/payments/${open.id}`, { cookie: traveller })).json() as Payment).state).toBe('paid');
    expect(await processingState(id)).toBe('paid');
  });

  it("finds a payment whose callback never came when the payer's page reads it, and never one of the wrong amount", async () => {
    const read = (id: string, cookie = traveller) => t.send('GET', `/api/payments/${id}`, { cookie });
    // Paid at the bank; QPay's callback lost on the way.
    const lost = await sent(traveller, true);
    const payment = (await pay(traveller, lost)).json() as Payment;
    const invoice = [...qpay.invoices.values()].find((candidate) => candidate.senderInvoiceNo === payment.id)!;
    qpay.pay(invoice.id);
    const first = await read(payment.id);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json()).toMatchObject({ state: 'paid' });
    expect(await processingState(lost)).toBe('paid');

    // Another amount than the invoice's: not a payment of it, however often the page asks.
    const wrong = await sent(traveller, true);
    const other = (await pay(traveller, wrong)).json() as Payment;
    const otherInvoice = [...qpay.invoices.values()].find((candidate) => candidate.senderInvoiceNo === other.id)!;
    qpay.pay(otherInvoice.id, 1000);
    const callback = new URL(otherInvoice.callbackUrl);
    expect((await t.get(`${callback.pathname}${callback.search}`)).statusCode).toBe(200);
    expect((await read(other.id)).json()).toMatchObject({ state: 'pending' });
    expect(await processingState(wrong)).toBe('awaiting-payment');
    // Someone else reading it finds nothing, and QPay is not asked for them.
    const calls = qpay.calls.length;
    expectError(await read(other.id, await t.signUp('nosy@example.com')), 404, 'PAYMENT_NOT_FOUND');
    expect(qpay.calls.length).toBe(calls);
    // Then the invoice's own amount, its callback lost too: that one is the payment.
    qpay.pay(otherInvoice.id);
    // Ten seconds on, the page's next read asks QPay again (only the clock is moved).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + ASK_PROVIDER_EVERY_MS);
      expect((await read(other.id)).json()).toMatchObject({ state: 'paid', amount: 16_905_000 });
    } finally {
      vi.useRealTimers();
    }
  });
});
