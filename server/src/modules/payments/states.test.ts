import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { PAYMENT_MOVES, PAYMENT_STATES, type PaymentState } from '@aylal/shared/payment-rules';
import { useTestApp } from '../../../test/helpers.ts';
import { travellerWithVisa } from '../../../test/payments.ts';
import { paymentHistory, payments } from '../../db/schema/payments.ts';
import { movePayment, recordProviderEvent } from './states.ts';

describe('payments move state by state, exactly once', () => {
  const t = useTestApp();
  let visaApplicationId: string;

  /** A payment in `state` for nothing in particular (the states do not care what it pays for). */
  const paymentIn = async (state: PaymentState = 'created') => {
    const [row] = await t.db
      .insert(payments)
      .values({ purpose: 'consultation', method: 'qpay', state, amount: 15_000_000, currency: 'MNT' })
      .returning();
    return row!.id;
  };
  const historyOf = async (id: string) =>
    (
      await t.db
        .select({ from: paymentHistory.fromState, to: paymentHistory.toState, amount: paymentHistory.amount })
        .from(paymentHistory)
        .where(eq(paymentHistory.paymentId, id))
        .orderBy(asc(paymentHistory.at))
    ).map((row) => (row.amount === null ? `${row.from}→${row.to}` : `${row.from}→${row.to} ${row.amount}`));

  beforeAll(async () => {
    ({ visaApplicationId } = await travellerWithVisa(t, 'traveller@example.com'));
  });

  it('goes the whole way from created to refunded, each move in its history', async () => {
    const id = await paymentIn();
    expect((await movePayment(t.db, id, 'pending', { set: { providerRef: 'INV-1' } }))?.providerRef).toBe('INV-1');
    const paidAt = new Date();
    expect((await movePayment(t.db, id, 'paid', { set: { paidAt, providerPaymentRef: 'PAY-1' } }))?.state).toBe('paid');
    await movePayment(t.db, id, 'refund_pending', { amount: 5_000_000, reason: 'Changed dates' });
    await movePayment(t.db, id, 'partially_refunded', { set: { refunded: 5_000_000 } });
    await movePayment(t.db, id, 'refund_pending', { amount: 10_000_000 });
    const done = await movePayment(t.db, id, 'refunded', { set: { refunded: 15_000_000 } });
    expect(done).toMatchObject({ state: 'refunded', refunded: 15_000_000, providerPaymentRef: 'PAY-1' });
    expect(await historyOf(id)).toEqual([
      'created→pending',
      'pending→paid',
      'paid→refund_pending 5000000',
      'refund_pending→partially_refunded',
      'partially_refunded→refund_pending 10000000',
      'refund_pending→refunded',
    ]);
  });

  it('refuses every move its state does not allow, and changes nothing', async () => {
    for (const from of PAYMENT_STATES) {
      for (const to of PAYMENT_STATES) {
        const id = await paymentIn(from);
        const moved = await movePayment(t.db, id, to);
        const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
        if (PAYMENT_MOVES[from].includes(to)) {
          expect(moved?.state, `${from} → ${to}`).toBe(to);
        } else {
          expect(moved, `${from} → ${to}`).toBeNull();
          expect(row!.state).toBe(from);
          expect(await historyOf(id)).toEqual([]);
        }
      }
    }
    // Money confirmed after we stopped waiting still counts; a cancelled or refunded payment stays so.
    expect(PAYMENT_MOVES.expired).toContain('paid');
    expect(PAYMENT_MOVES.cancelled).toEqual([]);
    expect(PAYMENT_MOVES.refunded).toEqual([]);
  });

  it('is paid once when fifty confirmations arrive together', async () => {
    const id = await paymentIn('pending');
    const moves = await Promise.all(Array.from({ length: 50 }, () => movePayment(t.db, id, 'paid')));
    expect(moves.filter(Boolean)).toHaveLength(1);
    expect(await historyOf(id)).toEqual(['pending→paid']);
  });

  it("records a provider's event once, however often it is sent", async () => {
    const id = await paymentIn('pending');
    const first = await Promise.all(Array.from({ length: 20 }, () => recordProviderEvent(t.db, 'qpay', 'PAY-77', id)));
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await recordProviderEvent(t.db, 'qpay', 'PAY-77', id)).toBe(false);
    // The same key from another provider is another event.
    expect(await recordProviderEvent(t.db, 'stripe', 'PAY-77', id)).toBe(true);
  });

  it('lets one payment hold an application at a time, and a new one follow an expired one', async () => {
    const make = () =>
      t.db
        .insert(payments)
        .values({ purpose: 'visa-processing', visaApplicationId, method: 'card', amount: 4_900, currency: 'USD' })
        .returning();
    const [first] = await make();
    await expect(make()).rejects.toThrow();
    await movePayment(t.db, first!.id, 'expired');
    const [second] = await make();
    expect(second!.id).not.toBe(first!.id);
  });
});
