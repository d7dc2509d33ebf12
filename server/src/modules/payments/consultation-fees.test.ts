import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Consultation, MyConsultationsResponse, SlotsResponse } from '@aylal/shared/schemas/consultations';
import { receiptNumber } from '@aylal/shared/payment-rules';
import type { AdminPayments, Payment } from '@aylal/shared/schemas/payments';
import type { TripDetail } from '@aylal/shared/schemas/trips';
import { expectError } from '../../../test/helpers.ts';
import { ALWAYS_OPEN } from '../../../test/notifications.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { tripInput } from '../../../test/trips.ts';
import { usePayingTestApp } from '../../../test/paying-app.ts';
import { consultations } from '../../db/schema/consultations.ts';
import { payments } from '../../db/schema/payments.ts';
import { qpayCallbackUrl } from './routes.ts';
import { settleConsultationFees } from './settle.ts';
import { qpayFromConfig } from './index.ts';
import { qpayProvider } from './qpay-provider.ts';
import { stripeFromConfig, stripeProvider } from './stripe-provider.ts';
import type { PaymentProvider } from './provider.ts';

const HOUR = 3_600_000;
/** Every day, round the clock, no lead time; a consultation about a trip costs $20, about a visa $35. */
const HOURS_WITH_FEES = { ...ALWAYS_OPEN, tripFeeUsd: 20, visaFeeUsd: 35 };

describe('consultation fees: paid to confirm, given back when cancelled in time', () => {
  const { t, stripe, qpay, accounts } = usePayingTestApp();
  let admin: string;
  let traveller: string;
  let providers: Map<'qpay' | 'card', PaymentProvider>;
  const used = new Set<string>();

  /** An open slot at least `hours` ahead that no test of this file booked yet. */
  const slotAfter = async (hours: number) => {
    const { slots } = (await t.get('/api/consultations/slots')).json() as SlotsResponse;
    const found = slots.find((slot) => Date.parse(slot) >= Date.now() + hours * HOUR && !used.has(slot));
    if (!found) throw new Error(`no open slot ${hours} hours ahead`);
    used.add(found);
    return found;
  };
  /** A new trip each time: a traveller has one upcoming consultation per trip. */
  const book = async (hoursAhead: number) => {
    const trip = await t.send('POST', '/api/admin/trips', { cookie: admin, body: tripInput({ status: 'published' }) });
    expect(trip.statusCode, trip.body).toBe(201);
    const booked = await t.send('POST', '/api/consultations', {
      cookie: traveller,
      body: { tripId: (trip.json() as TripDetail).id, startsAt: await slotAfter(hoursAhead), acknowledgedPolicy: true },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    return booked.json() as Consultation;
  };
  const pay = (consultationId: string, method: 'qpay' | 'card', cookie = traveller) =>
    t.send('POST', '/api/payments', { cookie, body: { for: { consultationId }, method } });
  const mine = async (id: string) =>
    ((await t.get('/api/consultations', { cookie: traveller })).json() as MyConsultationsResponse).items.find(
      (item) => item.id === id,
    )!;
  const stored = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const settle = () =>
    settleConsultationFees(t.db, providers, t.app.log, (id) => qpayCallbackUrl(t.config.PUBLIC_URL, 'secret', id));
  /** A consultation booked and paid by card (Stripe's webhook): the consultation and its payment. */
  const bookAndPayByCard = async (hoursAhead: number) => {
    const consultation = await book(hoursAhead);
    const answer = await pay(consultation.id, 'card');
    expect(answer.statusCode, answer.body).toBe(200);
    const payment = answer.json() as Payment;
    const session = (await stored(payment.id)).providerRef!;
    await stripe.pay(session, { webhook: false });
    const { body, signature } = stripe.signedEvent(session, 'checkout.session.completed');
    // Stripe tells twice: one payment, one confirmation.
    for (const _ of [1, 2]) {
      const told = await t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });
      expect(told.statusCode).toBe(200);
    }
    expect((await stored(payment.id)).state).toBe('paid');
    return { consultation, payment };
  };

  beforeAll(async () => {
    ({ admin, traveller } = accounts);
    const saved = await t.send('PUT', '/api/admin/settings/consultation-hours', {
      cookie: admin,
      body: HOURS_WITH_FEES,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const card = stripeProvider((await stripeFromConfig(t.config))!);
    providers = new Map<'qpay' | 'card', PaymentProvider>([
      ['qpay', qpayProvider(qpayFromConfig(t.config)!)],
      ['card', card],
    ]);
  });

  it('tells the booking dialog the fee by what a consultation is about, and fixes it on the booking', async () => {
    const { fees } = (await t.get('/api/consultations/slots')).json() as SlotsResponse;
    expect(fees).toEqual({ trip: 20, visa: 35 });
    // Staff read back what they saved.
    const saved = await t.send('GET', '/api/admin/settings/consultation-hours', { cookie: admin });
    expect(saved.json()).toMatchObject({ tripFeeUsd: 20, visaFeeUsd: 35 });
    const consultation = await book(72);
    expect(consultation).toMatchObject({
      state: 'pending',
      fee: { amountUsd: 20, paidAt: null, refundDue: false, refundedAt: null },
    });
    // A later change of price does not change what was booked.
    await t.send('PUT', '/api/admin/settings/consultation-hours', {
      cookie: admin,
      body: { ...HOURS_WITH_FEES, tripFeeUsd: 25 },
    });
    expect((await mine(consultation.id)).fee?.amountUsd).toBe(20);
    await t.send('PUT', '/api/admin/settings/consultation-hours', { cookie: admin, body: HOURS_WITH_FEES });
  });

  it('is confirmed when its fee is paid by card, once however often Stripe tells, and the traveller is told', async () => {
    const { consultation, payment } = await bookAndPayByCard(96);
    expect(payment).toMatchObject({ purpose: 'consultation', currency: 'USD', amount: 2000 });
    expect(stripe.sessions.get((await stored(payment.id)).providerRef!)).toMatchObject({
      success_url: `${t.config.PUBLIC_URL}/consultations?payment=${payment.id}&consultation=${consultation.id}`,
    });
    const after = await mine(consultation.id);
    expect(after.state).toBe('confirmed');
    expect(after.fee?.paidAt).not.toBeNull();
    const rows = await t.db.execute<{ kind: string; actor_id: string | null }>(
      `select kind, actor_id from consultation_events where consultation_id = '${consultation.id}' order by created_at`,
    );
    expect(rows.rows).toEqual([
      { kind: 'booked', actor_id: expect.any(String) },
      { kind: 'paid', actor_id: null },
    ]);
    const notes = await t.db.execute<{ type: string }>(
      `select type from notifications where link = '/consultations' and type = 'consultationConfirmed'`,
    );
    expect(notes.rows).toHaveLength(1);
    // Paid: nothing more to pay.
    expectError(await pay(consultation.id, 'qpay'), 409, 'PAYMENT_NOT_DUE');
  });

  it('pays in tögrög by QPay at the product rate, and a free consultation has nothing to pay', async () => {
    const consultation = await book(100);
    const answer = await pay(consultation.id, 'qpay');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ currency: 'MNT', amount: 20 * 3450 * 100, state: 'pending' });
    await t.send('PUT', '/api/admin/settings/consultation-hours', {
      cookie: admin,
      body: { ...HOURS_WITH_FEES, tripFeeUsd: 0 },
    });
    const free = await book(104);
    expect(free.fee).toBeNull();
    expectError(await pay(free.id, 'card'), 409, 'PAYMENT_NOT_DUE');
    await t.send('PUT', '/api/admin/settings/consultation-hours', { cookie: admin, body: HOURS_WITH_FEES });
  });

  it("answers 404 for someone else's consultation and refuses a shape it does not know", async () => {
    const consultation = await book(108);
    const stranger = await t.signUp('stranger@example.com');
    expectError(await pay(consultation.id, 'card', stranger), 404, 'CONSULTATION_NOT_FOUND');
    expectError(await pay('not-an-id', 'card'), 404, 'CONSULTATION_NOT_FOUND');
    const both = await t.send('POST', '/api/payments', {
      cookie: traveller,
      body: { for: { consultationId: consultation.id, visaApplicationId: consultation.id }, method: 'card' },
    });
    expect(both.statusCode).toBe(400);
  });

  it('gives the whole fee back at Stripe when the traveller cancels 24 hours ahead, once', async () => {
    const { consultation, payment } = await bookAndPayByCard(120);
    const cancelled = await t.send('POST', `/api/consultations/${consultation.id}/cancel`, { cookie: traveller });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as Consultation).fee).toMatchObject({ refundDue: true });
    const [first, second] = await Promise.all([settle(), settle()]);
    // One pass at a time: the other found the lock taken.
    expect([first, second].filter((report) => report === null)).toHaveLength(1);
    expect(first ?? second).toMatchObject({ refunded: 1 });
    expect(await stored(payment.id)).toMatchObject({ state: 'refunded', refunded: 2000 });
    expect(stripe.calls.filter((call) => call === 'POST /v1/refunds')).toHaveLength(1);
    // Settled: a later pass gives nothing back again.
    expect(await settle()).toMatchObject({ refunded: 0, cancelled: 0 });
    expect((await mine(consultation.id)).fee).toMatchObject({ refundDue: false, refundedAt: expect.any(String) });
  });

  it('cancels an invoice still open at QPay when the consultation is cancelled, so it can no longer be paid', async () => {
    const consultation = await book(130);
    const payment = (await pay(consultation.id, 'qpay')).json() as Payment;
    await t.send('POST', `/api/consultations/${consultation.id}/cancel`, { cookie: traveller });
    expect(await settle()).toMatchObject({ cancelled: 1 });
    expect((await stored(payment.id)).state).toBe('cancelled');
    // Nothing had been paid: nothing said to be refunded.
    expect((await mine(consultation.id)).fee).toMatchObject({ refundDue: false, refundedAt: null });
    expect(qpay.calls.some((call) => call.startsWith('DELETE /v2/invoice/'))).toBe(true);
  });

  it('keeps the fee when staff cancel a paid consultation late, and gives it back when they cancel in time', async () => {
    const late = await bookAndPayByCard(3);
    const early = await bookAndPayByCard(140);
    for (const { consultation } of [late, early]) {
      const staff = await t.send('POST', `/api/admin/consultations/${consultation.id}/actions`, {
        cookie: admin,
        body: { action: 'cancel', note: '' },
      });
      expect(staff.statusCode, staff.body).toBe(200);
    }
    const due = async (id: string) =>
      (await t.db.select().from(consultations).where(eq(consultations.id, id)))[0]!.feeRefundDue;
    expect(await due(late.consultation.id)).toBe(false);
    expect(await due(early.consultation.id)).toBe(true);
    await settle();
    expect((await stored(late.payment.id)).state).toBe('paid');
    expect((await stored(early.payment.id)).state).toBe('refunded');
  });

  it('lists every payment for staff with who paid and what for, filtered as asked, and as CSV', async () => {
    const list = async (query: string, cookie = admin) => {
      const answer = await t.send('GET', `/api/admin/payments?${query}`, { cookie });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['cache-control']).toContain('no-store');
      return answer.json() as AdminPayments;
    };
    const all = await list('');
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.items[0]).toMatchObject({
      purpose: 'consultation',
      payer: { email: 'traveller@example.com' },
      visaApplication: null,
      consultation: { id: expect.any(String), startsAt: expect.any(String) },
    });
    // Newest first.
    const made = all.items.map((item) => item.createdAt);
    expect(made).toEqual([...made].sort().reverse());
    const refunded = await list('state=refunded&method=card');
    expect(refunded.items.length).toBeGreaterThanOrEqual(2);
    expect(refunded.items.every((item) => item.state === 'refunded' && item.method === 'card')).toBe(true);
    expect((await list('q=TRAVELLER@example')).total).toBe(all.total);
    expect((await list('q=nobody-like-this')).total).toBe(0);
    expect((await list('purpose=visa-processing')).total).toBe(0);
    expect((await list('pageSize=2&page=2')).items.map((item) => item.id)).toEqual(
      all.items.slice(2, 4).map((item) => item.id),
    );
    // Staff only; nonsense is a clear 400.
    expectError(await t.send('GET', '/api/admin/payments', { cookie: traveller }), 403, 'FORBIDDEN');
    expect((await t.send('GET', '/api/admin/payments?state=bogus', { cookie: admin })).statusCode).toBe(400);

    const csv = await t.send('GET', '/api/admin/payments.csv?method=card&lang=mn', { cookie: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Үүсгэсэн,Төлсөн,Төлөгч,Имэйл,Юуны төлбөр,Төлбөрийн хэлбэр,Төлөв,Дүн,Валют,Буцаасан,Төлбөрийн дугаар',
    );
    expect(lines.length - 1).toBe((await list('method=card&pageSize=100')).total);
    expect(lines.slice(1).every((line) => line.includes(',Карт,'))).toBe(true);
    expect(csv.body).toContain('Зөвлөгөөний төлбөр: ');
  });

  it('sends one receipt by email once paid, and draws it as a PDF for its payer and staff only', async () => {
    await t.app.deliveries.drain();
    t.mails.length = 0;
    const { payment } = await bookAndPayByCard(150);
    await t.app.deliveries.drain();
    const number = receiptNumber(payment.id);
    const receipts = t.mails.filter((mail) => mail.subject.includes('receipt'));
    expect(receipts.map((mail) => mail.subject)).toEqual([`Your Aylal receipt ${number}`]);
    expect(receipts[0]!.to).toBe('traveller@example.com');
    expect(receipts[0]!.text).toContain('Amount paid: $20');
    expect(receipts[0]!.text).toContain('Paid by: Card');
    expect(receipts[0]!.text).toMatch(/Consultation fee: .+, \d+ \w+ 2\d{3}/);

    const pdf = await t.send('GET', `/api/payments/${payment.id}/receipt.pdf?lang=mn`, { cookie: traveller });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${number}.pdf`);
    const text = (await pdfText(pdf.rawPayload)).join(' ');
    expect(text).toContain('Төлбөрийн баримт');
    expect(text).toContain(number);
    expect(text).toContain('$\u00a020');
    expect((await t.send('GET', `/api/payments/${payment.id}/receipt.pdf`, { cookie: admin })).statusCode).toBe(200);
    const stranger = await t.signUp('receipt-stranger@example.com');
    expectError(
      await t.send('GET', `/api/payments/${payment.id}/receipt.pdf`, { cookie: stranger }),
      404,
      'PAYMENT_NOT_FOUND',
    );
    // Not paid: no receipt.
    const unpaid = (await pay((await book(160)).id, 'qpay')).json() as Payment;
    expectError(
      await t.send('GET', `/api/payments/${unpaid.id}/receipt.pdf`, { cookie: traveller }),
      404,
      'PAYMENT_NOT_FOUND',
    );
  });

  it('lets staff record a fee paid in cash at the office: the consultation is confirmed, an open invoice cancelled', async () => {
    const consultation = await book(170);
    const invoice = (await pay(consultation.id, 'qpay')).json() as Payment;
    const record = (cookie: string) =>
      t.send('POST', '/api/admin/payments', {
        cookie,
        body: { for: { consultationId: consultation.id }, currency: 'USD' },
      });
    expectError(await record(traveller), 403, 'FORBIDDEN');
    const recorded = await record(admin);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ method: 'manual', state: 'paid', amount: 2000, currency: 'USD' });
    expect((await stored(invoice.id)).state).toBe('cancelled');
    expect(await mine(consultation.id)).toMatchObject({ state: 'confirmed', fee: { paidAt: expect.any(String) } });
    // Twice is not twice.
    expectError(await record(admin), 409, 'PAYMENT_NOT_DUE');
  });
});
