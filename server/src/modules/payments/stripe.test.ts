import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Payment } from '@aylal/shared/schemas/payments';
import { expectError } from '../../../test/helpers.ts';
import { priceVisaProcessing, sentVisaApplication } from '../../../test/payments.ts';
import { usePayingTestApp } from '../../../test/paying-app.ts';
import { paymentEvents, paymentHistory, payments } from '../../db/schema/payments.ts';
import { reconcilePayments } from './reconcile.ts';
import { stripeFromConfig, stripeProvider } from './stripe-provider.ts';

describe('paying the visa processing by card: Stripe Checkout and its signed webhook', () => {
  const { t, stripe, qpay, accounts } = usePayingTestApp();
  let traveller: string;

  const pay = (visaApplicationId: string, method = 'card') =>
    t.send('POST', '/api/payments', { cookie: traveller, body: { for: { visaApplicationId }, method } });
  const webhook = (event: { body: string; signature?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(event.signature && { 'stripe-signature': event.signature }) },
      payload: event.body,
    });
  const stored = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const processingState = async (id: string) =>
    (await t.db.execute<{ state: string }>(sql`select state from visa_payments where application_id = ${id}`)).rows[0]
      ?.state;
  /** A card payment opened for a new application of the traveller's: the payment and its session's id. */
  const openCardPayment = async () => {
    const application = await sentVisaApplication(t, traveller, true);
    const answer = await pay(application);
    expect(answer.statusCode, answer.body).toBe(200);
    const payment = answer.json() as Payment;
    return { application, payment, session: (await stored(payment.id)).providerRef! };
  };

  beforeAll(async () => {
    traveller = accounts.traveller;
    await priceVisaProcessing(t, accounts.admin);
  });

  it('offers cards once Stripe is configured', async () => {
    expect((await t.get('/api/config')).json().paymentMethods).toEqual(['qpay', 'card']);
  });

  it('opens a Checkout Session in dollars, named by the payment, once however often the payer clicks', async () => {
    const { application, payment, session } = await openCardPayment();
    expect(payment).toMatchObject({ method: 'card', state: 'pending', currency: 'USD', amount: 4900 });
    expect(payment.instructions?.checkoutUrl).toBe(`${stripe.url}/pay/${session}`);
    expect(stripe.sessions.get(session)).toMatchObject({
      amount_total: 4900,
      currency: 'usd',
      client_reference_id: payment.id,
      success_url: `${t.config.PUBLIC_URL}/visa/${application}?payment=${payment.id}`,
    });
    const again = await Promise.all([1, 2, 3].map(async () => ((await pay(application)).json() as Payment).id));
    expect(again).toEqual([payment.id, payment.id, payment.id]);
    expect(stripe.calls.filter((call) => call === 'POST /v1/checkout/sessions')).toHaveLength(1);
  });

  it('is paid once by the signed webhook, however often Stripe sends it, and tells the applicant once', async () => {
    const { application, payment, session } = await openCardPayment();
    expect(await stripe.pay(session, { webhook: false })).toBeNull();
    const event = stripe.signedEvent(session, 'checkout.session.completed');
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => webhook(event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Stripe sends the same event again later: still 200, still nothing new.
    expect((await webhook(event)).statusCode).toBe(200);

    expect(await stored(payment.id)).toMatchObject({ state: 'paid', instructions: null });
    expect((await stored(payment.id)).providerPaymentRef).toBe(stripe.sessions.get(session)!.payment_intent);
    expect(await processingState(application)).toBe('paid');
    const moves = await t.db.select().from(paymentHistory).where(eq(paymentHistory.paymentId, payment.id));
    expect(moves.filter((move) => move.toState === 'paid')).toHaveLength(1);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events).toMatchObject([{ provider: 'stripe', eventKey: session }]);
    const told = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where type = 'visaPaymentChanged' and link like ${`%${application}%`}`,
    );
    expect(told.rows[0]!.n).toBe(1);
  });

  it('refuses an event not signed with our secret, and it changes nothing', async () => {
    const { payment, session } = await openCardPayment();
    await stripe.pay(session, { webhook: false });
    const forged = stripe.signedEvent(session, 'checkout.session.completed', 'whsec_someone_else');
    expectError(await webhook(forged), 400, 'BAD_REQUEST');
    const { body } = stripe.signedEvent(session, 'checkout.session.completed');
    expectError(await webhook({ body }), 400, 'BAD_REQUEST');
    // Signed, but the body changed on the way.
    const real = stripe.signedEvent(session, 'checkout.session.completed');
    expectError(await webhook({ ...real, body: real.body.replace('"paid"', '"PAID"') }), 400, 'BAD_REQUEST');
    expect((await stored(payment.id)).state).toBe('pending');
  });

  it('finds a payment whose webhook was lost when reconciling, and expires a session Stripe expired', async () => {
    const lost = await openCardPayment();
    await stripe.pay(lost.session, { webhook: false });
    const card = stripeProvider((await stripeFromConfig(t.config))!);
    const later = new Date(Date.now() + 11 * 60_000);
    const report = await reconcilePayments(t.db, [card], t.app.log, later);
    // This one, and the one paid at Stripe whose forged events were refused above.
    expect(report).toMatchObject({ paid: 2 });
    expect((await stored(lost.payment.id)).state).toBe('paid');

    const dropped = await openCardPayment();
    stripe.sessions.get(dropped.session)!.status = 'expired';
    expect((await webhook(stripe.signedEvent(dropped.session, 'checkout.session.expired'))).statusCode).toBe(200);
    expect((await stored(dropped.payment.id)).state).toBe('expired');
  });

  it('does not take one session’s word for another payment', async () => {
    const one = await openCardPayment();
    const other = await openCardPayment();
    await stripe.pay(one.session, { webhook: false });
    // The event names the other payment, but its session is not the one that payment was opened with.
    stripe.sessions.get(one.session)!.client_reference_id = other.payment.id;
    expect((await webhook(stripe.signedEvent(one.session, 'checkout.session.completed'))).statusCode).toBe(200);
    expect((await stored(other.payment.id)).state).toBe('pending');
  });

  it('cancels the open card payment at Stripe when the payer turns to QPay, and the other way round', async () => {
    const { application, payment, session } = await openCardPayment();
    const byQPay = await pay(application, 'qpay');
    expect(byQPay.statusCode, byQPay.body).toBe(200);
    expect(byQPay.json()).toMatchObject({ method: 'qpay', state: 'pending' });
    expect(stripe.sessions.get(session)!.status).toBe('expired');
    expect((await stored(payment.id)).state).toBe('cancelled');

    const invoice = (await stored((byQPay.json() as Payment).id)).providerRef!;
    const byCard = await pay(application, 'card');
    expect(byCard.json()).toMatchObject({ method: 'card', state: 'pending' });
    expect(qpay.invoices.get(invoice)!.cancelled).toBe(true);
  });

  it('keeps a card payment paid at Stripe a moment ago rather than cancel it for QPay', async () => {
    const { application, payment, session } = await openCardPayment();
    await stripe.pay(session, { webhook: false });
    expectError(await pay(application, 'qpay'), 503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await stored(payment.id)).state).toBe('pending');
    expect((await webhook(stripe.signedEvent(session, 'checkout.session.completed'))).statusCode).toBe(200);
    expect((await stored(payment.id)).state).toBe('paid');
    expectError(await pay(application, 'qpay'), 409, 'PAYMENT_NOT_DUE');
  });
});
