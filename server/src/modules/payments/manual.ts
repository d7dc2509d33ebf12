// Staff recording money received by hand (cash at the office) for an application's processing
// (decision 033): a payment of method `manual`, through the same states, paid at once by them.

import { and, eq, inArray } from 'drizzle-orm';
import { USD_TO_MNT } from '@aylal/shared/money';
import { PAYMENT_OPEN_STATES, paymentAmount, type PaymentCurrency } from '@aylal/shared/payment-rules';
import type { Db, DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordChange } from '../audit/index.ts';
import { consultationFeeDue } from '../consultations/index.ts';
import { processingDue } from '../visa/index.ts';

/** What staff record paid by hand: an application's processing, or a consultation's fee. */
export type ManualTarget = { visaApplicationId: string } | { consultationId: string };
import type { PaymentProvider } from './provider.ts';
import type { PaidHook } from './service.ts';
import { movePayment, type PaymentRow } from './states.ts';

/**
 * Records the processing of application `visaApplicationId` paid by hand in `currency`, at the
 * price fixed when it was sent (PAYMENT_NOT_DUE unless it awaits payment). A QPay invoice or card
 * session still open for it is cancelled first, at its provider (outside the transaction: a bank
 * app can no longer pay it) and then here: the money came another way. A provider that refuses
 * (it was paid there a moment ago) leaves it open, and the answer is PAYMENT_PROVIDER_UNAVAILABLE:
 * its confirmation is on its way. The change is in the audit log.
 */
export async function recordManualPayment(
  db: Db,
  providers: ReadonlyMap<string, PaymentProvider>,
  actorId: string,
  target: ManualTarget,
  currency: PaymentCurrency,
  onPaid: PaidHook,
): Promise<PaymentRow> {
  const of = 'visaApplicationId' in target ? target : null;
  const held = of
    ? eq(payments.visaApplicationId, of.visaApplicationId)
    : eq(payments.consultationId, (target as { consultationId: string }).consultationId);
  const due = (runner: DbOrTx) =>
    of
      ? processingDue(runner, of.visaApplicationId)
      : consultationFeeDue(runner, (target as { consultationId: string }).consultationId);
  await due(db);
  const open = await db
    .select()
    .from(payments)
    .where(and(held, eq(payments.state, 'pending')));
  for (const row of open) {
    try {
      await providers.get(row.method)?.cancel(row);
    } catch {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
  }
  return db.transaction(async (tx) => {
    const { userId, priceUsd } = await due(tx);
    const open = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(held, inArray(payments.state, [...PAYMENT_OPEN_STATES])));
    for (const row of open) {
      // Paid at QPay meanwhile: there is nothing left to record by hand.
      if (!(await movePayment(tx, row.id, 'cancelled', { actorId, reason: 'Paid by hand' }))) {
        throw new AppError('PAYMENT_NOT_DUE');
      }
    }
    const [created] = await tx
      .insert(payments)
      .values({
        purpose: of ? 'visa-processing' : 'consultation',
        ...target,
        userId,
        method: 'manual',
        amount: paymentAmount(priceUsd, currency, USD_TO_MNT),
        currency,
        recordedBy: actorId,
      })
      .onConflictDoNothing()
      .returning();
    // Another payment took it in the meantime (a second click, a QPay confirmation).
    if (!created) throw new AppError('PAYMENT_NOT_DUE');
    const paid = await movePayment(tx, created.id, 'paid', { actorId, set: { paidAt: new Date() } });
    await onPaid(tx, paid!);
    await recordChange(tx, {
      actor: actorId,
      entity: of ? 'visa' : 'consultation',
      id: of ? of.visaApplicationId : (target as { consultationId: string }).consultationId,
      action: 'payment',
      before: { payment: 'awaiting-payment' },
      after: { payment: 'paid' },
    });
    return paid!;
  });
}
