import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/helpers.ts';
import { travellerWithVisa, visaPaymentInput } from '../../../test/payments.ts';
import { FAKE_QPAY_CLIENT, startFakeQPay, type FakeQPay } from '../../bench/fake-qpay.ts';
import { payments } from '../../db/schema/payments.ts';
import type { PaymentProvider } from './provider.ts';
import { QPayClient } from './qpay-client.ts';
import { qpayProvider } from './qpay-provider.ts';
import { reconcilePayments } from './reconcile.ts';
import { openPayment } from './service.ts';

const MINUTE = 60_000;

describe('reconciliation', () => {
  const t = useTestApp();
  let qpay: FakeQPay;
  let provider: PaymentProvider;
  let cookieCount = 0;

  /** A pending QPay payment for a new traveller's application. */
  const pendingPayment = async () => {
    cookieCount += 1;
    const { userId, visaApplicationId } = await travellerWithVisa(t, `traveller${cookieCount}@example.com`);
    const { payment } = await openPayment(t.db, provider, visaPaymentInput({ userId, visaApplicationId }));
    return payment;
  };
  const stateOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!.state;
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

  beforeAll(async () => {
    qpay = await startFakeQPay();
    provider = qpayProvider(new QPayClient({ url: qpay.url, ...FAKE_QPAY_CLIENT }));
  });
  afterAll(() => qpay.close());

  it('finds a payment made at QPay whose callback never came, once it has waited ten minutes', async () => {
    const payment = await pendingPayment();
    qpay.pay(payment.providerRef!);
    expect(await reconcilePayments(t.db, [provider], t.app.log, inMinutes(5))).toMatchObject({ asked: 0 });
    expect(await stateOf(payment.id)).toBe('pending');
    expect(await reconcilePayments(t.db, [provider], t.app.log, inMinutes(11))).toMatchObject({ paid: 1 });
    expect(await stateOf(payment.id)).toBe('paid');
    // Asked again later, nothing more happens.
    expect(await reconcilePayments(t.db, [provider], t.app.log, inMinutes(12))).toMatchObject({ asked: 0, paid: 0 });
  });

  it('expires an unpaid payment once its invoice is no longer offered, not before', async () => {
    const payment = await pendingPayment();
    expect(await reconcilePayments(t.db, [provider], t.app.log, inMinutes(30))).toMatchObject({ expired: 0 });
    expect(await stateOf(payment.id)).toBe('pending');
    expect(await reconcilePayments(t.db, [provider], t.app.log, inMinutes(61))).toMatchObject({ expired: 1 });
    expect(await stateOf(payment.id)).toBe('expired');
  });

  it('leaves a payment for the next pass while QPay does not answer', async () => {
    const payment = await pendingPayment();
    const silent: PaymentProvider = { ...provider, confirm: () => Promise.reject(new Error('timeout')) };
    expect(await reconcilePayments(t.db, [silent], t.app.log, inMinutes(61))).toMatchObject({ asked: 1, expired: 0 });
    expect(await stateOf(payment.id)).toBe('pending');
  });

  it('runs in one process at a time', async () => {
    const other = await t.db.$client.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [0x61797079]);
      expect(await reconcilePayments(t.db, [provider], t.app.log, inMinutes(61))).toBeNull();
      await other.query('select pg_advisory_unlock($1)', [0x61797079]);
    } finally {
      other.release();
    }
  });
});
