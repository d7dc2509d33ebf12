// Staff giving money back (decision 033): all that is left of a paid payment, or part of it where
// the provider refunds parts (cards; QPay gives back whole payments), with a reason. The payment
// moves to refund_pending first, so a second click or another member of staff finds it moving and
// refunds nothing; the provider is asked outside any transaction with a key that is the same for
// every try of this refund; its answer moves the payment to refunded, partially_refunded or
// refund_failed (from which staff may try again). Money taken by hand is given back by hand.

import { eq } from 'drizzle-orm';
import { paymentStatesBefore, type PaymentState } from '@aylal/shared/payment-rules';
import type { Db, Tx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider } from './provider.ts';
import { movePayment, type PaymentRow } from './states.ts';

/** The states a refund may start from (PAYMENT_MOVES): paid, part refunded, or a refund that failed. */
const REFUNDABLE = paymentStatesBefore('refund_pending');

/** What a full refund does to what was paid for, in the refund's transaction (the visa processing's record). */
export type RefundedHook = (tx: Tx, payment: PaymentRow, actorId: string | null) => Promise<void>;

export interface RefundInput {
  /** Staff, or null when the product gives it back by its own rules (a consultation cancelled in time). */
  actorId: string | null;
  /** In the payment's minor unit; all that is left when not given. */
  amount?: number;
  /** Staff's reason, kept in the payment's history. */
  reason: string;
  /** Where the provider tells of the refund, for payment `id`. */
  callbackUrl: (id: string) => string;
}

/**
 * Refunds payment `id` (PAYMENT_NOT_FOUND, PAYMENT_NOT_REFUNDABLE when it holds no money to give
 * back or is being refunded now, PAYMENT_REFUND_AMOUNT_INVALID for more than is left or a part
 * where the provider refunds whole payments only, PAYMENT_PROVIDER_UNAVAILABLE when the provider
 * refused or did not answer: the payment is then refund_failed). Answers the payment as it ends.
 */
export async function refundPayment(
  db: Db,
  providers: ReadonlyMap<string, PaymentProvider>,
  id: string,
  input: RefundInput,
  onRefunded: RefundedHook,
): Promise<PaymentRow> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!payment) throw new AppError('PAYMENT_NOT_FOUND');
  if (!REFUNDABLE.includes(payment.state as PaymentState)) throw new AppError('PAYMENT_NOT_REFUNDABLE');
  const left = payment.amount - payment.refunded;
  const amount = input.amount ?? left;
  const provider = payment.method === 'manual' ? null : providers.get(payment.method);
  if (amount <= 0 || amount > left || (provider && !provider.refundsPart && amount !== payment.amount)) {
    throw new AppError('PAYMENT_REFUND_AMOUNT_INVALID');
  }
  // A payment of a provider no longer configured cannot be refunded from here.
  if (payment.method !== 'manual' && !provider) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');

  const { actorId, reason } = input;
  const started = await movePayment(db, id, 'refund_pending', { actorId, amount, reason });
  if (!started) throw new AppError('PAYMENT_NOT_REFUNDABLE');
  try {
    // What was refunded before names this refund: a retry after a failure asks for the same one.
    await provider?.refund(started, {
      amount,
      idempotencyKey: `refund-${id}-${started.refunded}`,
      callbackUrl: input.callbackUrl(id),
    });
  } catch {
    await movePayment(db, id, 'refund_failed', { actorId, amount, reason: 'The provider refused or did not answer' });
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
  const refunded = started.refunded + amount;
  return db.transaction(async (tx) => {
    const moved = await movePayment(tx, id, refunded === payment.amount ? 'refunded' : 'partially_refunded', {
      actorId,
      amount,
      set: { refunded },
    });
    if (moved?.state === 'refunded') await onRefunded(tx, moved, actorId);
    return moved ?? started;
  });
}
