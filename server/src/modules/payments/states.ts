// A payment's moves and the provider events behind them (docs/decisions/033). Every move is one
// `UPDATE … WHERE state = ANY(allowed)` with its history row, so two processes acting on the same
// callback, or a callback racing the reconciliation, move a payment once: the second finds it
// already moved and changes nothing.

import { and, eq, inArray } from 'drizzle-orm';
import { paymentStatesBefore, type PaymentState } from '@aylal/shared/payment-rules';
import type { DbOrTx } from '../../db/client.ts';
import { paymentEvents, paymentHistory, payments } from '../../db/schema/payments.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** What else a move writes on the payment, and what its history row says. */
export interface PaymentMove {
  /** Staff who made it; none for the provider's word or the reconciliation. */
  actorId?: string | null;
  /** A refund's amount (minor unit). */
  amount?: number;
  reason?: string;
  set?: Partial<
    Pick<PaymentRow, 'providerRef' | 'providerPaymentRef' | 'expiresAt' | 'paidAt' | 'refunded' | 'instructions'>
  >;
}

/**
 * Moves payment `id` to `to` if its state allows it (PAYMENT_MOVES: one
 * `UPDATE … WHERE state = ANY(allowed)`), with its history row. Answers the moved payment, or null when it was not in a state
 * that may move there (already moved by another request or process, or never could).
 */
export async function movePayment(
  db: DbOrTx,
  id: string,
  to: PaymentState,
  move: PaymentMove = {},
): Promise<PaymentRow | null> {
  const from = paymentStatesBefore(to);
  if (from.length === 0) return null;
  // In a transaction of its own (a savepoint inside the caller's): the row is locked, so a
  // concurrent move waits, then finds the state changed and moves nothing.
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ state: payments.state }).from(payments).where(eq(payments.id, id)).for('update');
    if (!before) return null;
    const [moved] = await tx
      .update(payments)
      .set({ ...move.set, state: to, updatedAt: new Date() })
      .where(and(eq(payments.id, id), inArray(payments.state, from)))
      .returning();
    if (!moved) return null;
    await tx.insert(paymentHistory).values({
      paymentId: id,
      fromState: before.state,
      toState: to,
      actorId: move.actorId ?? null,
      amount: move.amount ?? null,
      reason: move.reason ?? null,
    });
    return moved;
  });
}

/**
 * Records a provider's event before acting on it. True the first time `(provider, key)` is seen;
 * false for a repeat (a callback or webhook sent again), which must change nothing.
 */
export async function recordProviderEvent(
  tx: DbOrTx,
  provider: 'qpay' | 'stripe',
  eventKey: string,
  paymentId: string | null,
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ provider, eventKey, paymentId })
    .onConflictDoNothing()
    .returning({ key: paymentEvents.eventKey });
  return inserted.length === 1;
}
