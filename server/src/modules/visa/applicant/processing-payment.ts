// The paid processing as the payments module sees it (docs/decisions/033): what an applicant owes
// for it, and the record made paid on the provider's word, in the payment's own transaction.

import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { visaPayments } from '../../../db/schema/visa.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Notifier } from '../../notifications/index.ts';
import { findVisaApplication } from '../load.ts';
import { tellOfPaymentChange } from '../payment-changed.ts';

/**
 * What is owed for an application's paid processing: its price in whole dollars (fixed when it was
 * sent), its reference and its applicant. VISA_NOT_FOUND unless it is sent (and `ownerId`'s, when
 * given: the applicant paying; staff recording a payment give none); PAYMENT_NOT_DUE unless the
 * processing was chosen and awaits payment.
 */
export async function processingDue(db: DbOrTx, applicationId: string, ownerId?: string) {
  const application = await findVisaApplication(db, applicationId, ownerId);
  if (application.state === 'draft') throw new AppError('VISA_NOT_FOUND');
  const [payment] = await db.select().from(visaPayments).where(eq(visaPayments.applicationId, application.id));
  if (payment?.state !== 'awaiting-payment' || payment.amountUsd <= 0) throw new AppError('PAYMENT_NOT_DUE');
  return { priceUsd: payment.amountUsd, reference: application.reference ?? '', userId: application.userId };
}

/**
 * The processing paid, as the provider confirmed (or staff recorded: `actorId`): its record says
 * by whom it was paid, a history row says so and the applicant is told. A record no longer awaiting payment
 * (staff waived it meanwhile) is left as staff set it.
 */
export async function processingPaid(
  tx: Tx,
  notifier: Notifier,
  applicationId: string,
  paid: { provider: string; providerRef: string; actorId?: string | null },
  now = new Date(),
): Promise<void> {
  const [moved] = await tx
    .update(visaPayments)
    .set({
      state: 'paid',
      provider: paid.provider,
      providerRef: paid.providerRef,
      updatedBy: paid.actorId ?? null,
      updatedAt: now,
    })
    .where(and(eq(visaPayments.applicationId, applicationId), eq(visaPayments.state, 'awaiting-payment')))
    .returning({ applicationId: visaPayments.applicationId });
  if (!moved) return;
  // Its email is the payment's receipt.
  await tellOfPaymentChange(tx, notifier, applicationId, {
    state: 'paid',
    actorId: paid.actorId ?? null,
    now,
    skipEmail: true,
  });
}

/**
 * The processing's money given back in full (staff refunded its payment): its record says refunded,
 * a history row says so and the applicant is told. A record staff set otherwise meanwhile is left.
 */
export async function processingRefunded(
  tx: Tx,
  notifier: Notifier,
  applicationId: string,
  actorId: string | null,
  now = new Date(),
): Promise<void> {
  const [moved] = await tx
    .update(visaPayments)
    .set({ state: 'refunded', updatedBy: actorId, updatedAt: now })
    .where(and(eq(visaPayments.applicationId, applicationId), eq(visaPayments.state, 'paid')))
    .returning({ applicationId: visaPayments.applicationId });
  if (!moved) return;
  await tellOfPaymentChange(tx, notifier, applicationId, { state: 'refunded', actorId, now });
}
