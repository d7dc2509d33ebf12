// Staff recording money received by hand (cash at the office) for an application's processing
// (decision 033): a payment of method `manual`, through the same states, paid at once by them.

import { and, eq, inArray } from 'drizzle-orm';
import { USD_TO_MNT } from '@aylal/shared/money';
import { PAYMENT_OPEN_STATES, paymentAmount, type PaymentCurrency } from '@aylal/shared/payment-rules';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordChange } from '../audit/index.ts';
import { processingDue } from '../visa/index.ts';
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
  visaApplicationId: string,
  currency: PaymentCurrency,
  onPaid: PaidHook,
): Promise<PaymentRow> {
  await processingDue(db, visaApplicationId);
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.visaApplicationId, visaApplicationId), eq(payments.state, 'pending')));
  for (const row of open) {
    try {
      await providers.get(row.method)?.cancel(row);
    } catch {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
  }
  return db.transaction(async (tx) => {
    const due = await processingDue(tx, visaApplicationId);
    const open = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.visaApplicationId, visaApplicationId), inArray(payments.state, [...PAYMENT_OPEN_STATES])));
    for (const row of open) {
      // Paid at QPay meanwhile: there is nothing left to record by hand.
      if (!(await movePayment(tx, row.id, 'cancelled', { actorId, reason: 'Paid by hand' }))) {
        throw new AppError('PAYMENT_NOT_DUE');
      }
    }
    const [created] = await tx
      .insert(payments)
      .values({
        purpose: 'visa-processing',
        visaApplicationId,
        userId: due.userId,
        method: 'manual',
        amount: paymentAmount(due.priceUsd, currency, USD_TO_MNT),
        currency,
        recordedBy: actorId,
      })
      .onConflictDoNothing()
      .returning();
    // Another payment took the application in the meantime (a second click, a QPay confirmation).
    if (!created) throw new AppError('PAYMENT_NOT_DUE');
    const paid = await movePayment(tx, created.id, 'paid', { actorId, set: { paidAt: new Date() } });
    await onPaid(tx, paid!);
    await recordChange(tx, {
      actor: actorId,
      entity: 'visa',
      id: visaApplicationId,
      action: 'payment',
      before: { payment: 'awaiting-payment' },
      after: { payment: 'paid' },
    });
    return paid!;
  });
}
