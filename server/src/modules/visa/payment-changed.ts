// What every change to an application's paid processing does besides the record itself, whoever
// makes it (staff setting its state, a provider or staff confirming a payment): the application
// counts as changed (staff's list orders by it), a history row names the new state, and the
// applicant is told.

import { eq } from 'drizzle-orm';
import type { Language } from '@aylal/shared/i18n';
import type { VisaPaymentState } from '@aylal/shared/visa-rules';
import type { Tx } from '../../db/client.ts';
import { visaApplications, visaEvents } from '../../db/schema/visa.ts';
import type { Notifier } from '../notifications/index.ts';
import { visaLink } from './mapping.ts';

export async function tellOfPaymentChange(
  tx: Tx,
  notifier: Notifier,
  applicationId: string,
  change: {
    state: VisaPaymentState;
    actorId: string | null;
    now: Date;
    /** In-app and push only: a payment's receipt is its email (the payments module sends it). */
    skipEmail?: boolean;
  },
): Promise<void> {
  const [application] = await tx
    .update(visaApplications)
    .set({ updatedAt: change.now })
    .where(eq(visaApplications.id, applicationId))
    .returning();
  await tx.insert(visaEvents).values({
    applicationId,
    actorId: change.actorId,
    kind: 'payment',
    message: change.state,
    createdAt: change.now,
  });
  await notifier.notify(tx, {
    type: 'visaPaymentChanged',
    recipientId: application!.userId,
    params: { reference: application!.reference ?? '' },
    link: visaLink(applicationId),
    actorId: change.actorId,
    language: application!.language as Language,
    skipEmail: change.skipEmail,
  });
}
