// A staff change to a visa application (docs/decisions/016): the paid processing's state.

import { eq } from 'drizzle-orm';
import type { AdminVisaDetail, VisaPaymentState } from '@aylal/shared/schemas/visa';
import type { Db } from '../../../db/client.ts';
import { visaPayments } from '../../../db/schema/visa.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordChange } from '../../audit/index.ts';
import type { Notifier } from '../../notifications/index.ts';
import { tellOfPaymentChange } from '../payment-changed.ts';
import { withApplication } from './application.ts';

/**
 * Staff set the paid processing's state. Only an application that carries a payment has one
 * (ACTION_NOT_ALLOWED otherwise); a change is a history row (its message the new state) and tells
 * the applicant; setting the state it already has changes nothing.
 */
export async function setVisaPayment(
  db: Db,
  notifier: Notifier,
  actorId: string,
  id: string,
  state: VisaPaymentState,
  now = new Date(),
): Promise<AdminVisaDetail> {
  return withApplication(db, id, async (tx) => {
    const [payment] = await tx
      .select({ state: visaPayments.state })
      .from(visaPayments)
      .where(eq(visaPayments.applicationId, id))
      .for('update');
    if (!payment) throw new AppError('ACTION_NOT_ALLOWED');
    if (payment.state === state) return;
    await tx
      .update(visaPayments)
      .set({ state, updatedBy: actorId, updatedAt: now })
      .where(eq(visaPayments.applicationId, id));
    await recordChange(tx, {
      actor: actorId,
      entity: 'visa',
      id,
      action: 'payment',
      before: { payment: payment.state },
      after: { payment: state },
    });
    await tellOfPaymentChange(tx, notifier, id, { state, actorId, now });
  });
}
