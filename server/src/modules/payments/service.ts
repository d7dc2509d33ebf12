// Opening a payment with its provider and confirming it on the provider's word (decision 033).
// A payment is paid only when the provider confirms it with the amount and currency it was made
// for; the confirmation is recorded as an event first, so however many callbacks, webhooks and
// reconciliation passes ask, it is paid once.

import { and, eq, inArray } from 'drizzle-orm';
import { USD_TO_MNT } from '@aylal/shared/money';
import {
  isOpenPayment,
  PAYMENT_HOLDING_STATES,
  paymentAmount,
  paymentStatesBefore,
  type PaymentCurrency,
  type PaymentInstructions,
  type PaymentPurpose,
  type PaymentState,
} from '@aylal/shared/payment-rules';
import type { Db, Tx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider, ProviderConfirmation } from './provider.ts';
import { movePayment, recordProviderEvent, type PaymentRow } from './states.ts';

export interface OpenPaymentInput {
  purpose: PaymentPurpose;
  visaApplicationId?: string;
  consultationId?: string;
  userId: string;
  /** The price in whole US dollars, as Settings hold it. */
  priceUsd: number;
  currency: PaymentCurrency;
  /** What the provider shows the payer (no personal data: a reference, not a name). */
  description: string;
  /** Where the provider's callback for payment `id` goes (with its token). */
  callbackUrl: (id: string) => string;
  /** The page the payer comes back to from the provider's page, for payment `id`. */
  returnUrl: (id: string) => string;
}

/** The payment that holds this thing now, if any (open, paid or being refunded). */
async function holdingPayment(db: Db, input: OpenPaymentInput): Promise<PaymentRow | undefined> {
  const target = input.visaApplicationId
    ? eq(payments.visaApplicationId, input.visaApplicationId)
    : eq(payments.consultationId, input.consultationId!);
  const [row] = await db
    .select()
    .from(payments)
    .where(and(target, inArray(payments.state, [...PAYMENT_HOLDING_STATES])))
    .limit(1);
  return row;
}

/**
 * Whether the payment holding the thing lets a new one be opened with `provider`: an open one past
 * its invoice's end expires; an open one of another method (the payer changed their mind) is
 * cancelled at its provider first, so it can no longer be paid there. One paid meanwhile holds on.
 */
async function letsGo(
  db: Db,
  held: PaymentRow,
  provider: PaymentProvider,
  providers: ReadonlyMap<string, PaymentProvider>,
): Promise<boolean> {
  if (!isOpenPayment(held.state as PaymentState)) return false;
  if (held.expiresAt !== null && held.expiresAt <= new Date()) {
    return (await movePayment(db, held.id, 'expired')) !== null;
  }
  if (held.method === provider.method) return false;
  try {
    if (held.state === 'pending') await providers.get(held.method)?.cancel(held);
  } catch {
    // Most likely paid a moment ago: its confirmation is on its way, and it stays the answer.
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
  return (await movePayment(db, held.id, 'cancelled', { reason: 'Another way of paying chosen' })) !== null;
}

/**
 * Makes a payment and opens it with `provider`: the payment, pending, with what the payer pays
 * with. While one already holds the thing (a second click, another tab), that one is the answer,
 * unless it was opened with another of `providers` (then it is cancelled there first). A provider
 * that does not answer leaves the payment failed and nothing charged.
 */
export async function openPayment(
  db: Db,
  provider: PaymentProvider,
  input: OpenPaymentInput,
  providers: ReadonlyMap<string, PaymentProvider> = new Map([[provider.method, provider]]),
): Promise<{ payment: PaymentRow; instructions: PaymentInstructions | null }> {
  const held = await holdingPayment(db, input);
  if (held && !(await letsGo(db, held, provider, providers))) {
    return { payment: held, instructions: held.instructions };
  }
  const [created] = await db
    .insert(payments)
    .values({
      purpose: input.purpose,
      visaApplicationId: input.visaApplicationId ?? null,
      consultationId: input.consultationId ?? null,
      userId: input.userId,
      method: provider.method,
      amount: paymentAmount(input.priceUsd, input.currency, USD_TO_MNT),
      currency: input.currency,
    })
    .onConflictDoNothing()
    .returning();
  // Another request made it between the read and the insert: theirs is the answer.
  if (!created) {
    const other = await holdingPayment(db, input);
    // Gone again already (expired, failed): ask once more.
    return other ? { payment: other, instructions: other.instructions } : openPayment(db, provider, input, providers);
  }
  let started;
  try {
    started = await provider.start(created, {
      description: input.description,
      callbackUrl: input.callbackUrl(created.id),
      returnUrl: input.returnUrl(created.id),
    });
  } catch {
    await movePayment(db, created.id, 'failed');
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
  const pending = await movePayment(db, created.id, 'pending', {
    set: { providerRef: started.providerRef, expiresAt: started.expiresAt, instructions: started.instructions },
  });
  return { payment: pending ?? created, instructions: started.instructions };
}

/** What paying does to what was paid for, in the payment's own transaction (the visa processing's record). */
export type PaidHook = (tx: Tx, payment: PaymentRow) => Promise<void>;

/** How asking the provider about a payment ended. */
export type Confirmation = 'paid' | 'already' | 'unpaid' | 'mismatch' | 'unknown';

/**
 * Asks the provider whether payment `id` was paid and, the first time it says so with the
 * payment's own amount and currency, makes it paid (and `onPaid` what it paid for). A repeat (the same provider event) or a
 * payment already moved changes nothing; a different amount or currency is not a payment of this.
 * `told` is the provider's word when it came signed (Stripe's webhook): then it is not asked again.
 */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  id: string,
  onPaid: PaidHook = async () => {},
  told?: ProviderConfirmation,
): Promise<Confirmation> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!payment || payment.method !== provider.method) return 'unknown';
  if (!paymentStatesBefore('paid').includes(payment.state as PaymentState)) return 'already';
  const word = told ?? (await provider.confirm(payment));
  if (!word) return 'unpaid';
  if (word.amount !== payment.amount || word.currency !== payment.currency) return 'mismatch';
  return db.transaction(async (tx) => {
    if (!(await recordProviderEvent(tx, provider.name, word.eventKey, payment.id))) return 'already';
    const moved = await movePayment(tx, payment.id, 'paid', {
      set: { paidAt: word.paidAt, providerPaymentRef: word.providerPaymentRef, instructions: null },
    });
    if (!moved) return 'already';
    await onPaid(tx, moved);
    return 'paid';
  });
}
