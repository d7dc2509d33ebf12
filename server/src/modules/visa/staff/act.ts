// A staff change to a visa application (docs/decisions/016, 031): start the review, ask for a
// change, lodge, approve or refuse.

import { eq } from 'drizzle-orm';
import type { Language } from '@aylal/shared/i18n';
import type { NotificationType } from '@aylal/shared/notifications';
import { isVisaDecided } from '@aylal/shared/visa-rules';
import {
  VISA_STAFF_ACTIONS,
  type AdminVisaActionRequest,
  type AdminVisaDetail,
  type VisaStaffAction,
} from '@aylal/shared/schemas/visa';
import type { Db } from '../../../db/client.ts';
import { visaApplications, visaEvents } from '../../../db/schema/visa.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordChange } from '../../audit/index.ts';
import { markHandled, type Notifier } from '../../notifications/index.ts';
import { staffVisaLink, visaLink } from '../mapping.ts';
import { withApplication } from './application.ts';

/** The applicant's notification for each staff action (params: the reference only). */
const TOLD_ON: Record<VisaStaffAction, NotificationType> = {
  'start-review': 'visaInReview',
  'request-action': 'visaActionRequired',
  lodge: 'visaLodged',
  approve: 'visaApproved',
  refuse: 'visaRefused',
};

/**
 * A staff action (start the review, ask for a change, lodge, approve, refuse) under the
 * application's row lock, so two staff acting at once make one change and the second is refused
 * (ACTION_NOT_ALLOWED: its state no longer allows it). Each is a history row and tells the applicant.
 */
export async function actOnVisa(
  db: Db,
  notifier: Notifier,
  actorId: string,
  id: string,
  input: AdminVisaActionRequest,
  now = new Date(),
): Promise<AdminVisaDetail> {
  return withApplication(db, id, async (tx, current) => {
    const rule = VISA_STAFF_ACTIONS[input.action];
    if (!(rule.from as readonly string[]).includes(current.state)) throw new AppError('ACTION_NOT_ALLOWED');
    const asking = input.action === 'request-action';
    await tx
      .update(visaApplications)
      .set({
        state: rule.to,
        actionSection: asking ? input.section || null : null,
        actionMessage: asking ? input.message : null,
        // Retention counts from the decision (docs/decisions/027).
        decidedAt: isVisaDecided(rule.to) ? now : null,
        // What staff record of the embassy (docs/decisions/031): at lodging, and on approval.
        ...(input.action === 'lodge'
          ? { embassyReceipt: input.embassyReceipt || null, lodgedOn: input.lodgedOn || null }
          : {}),
        ...(input.action === 'approve' ? { validFrom: input.validFrom || null, validTo: input.validTo || null } : {}),
        updatedAt: now,
      })
      .where(eq(visaApplications.id, id));
    await tx.insert(visaEvents).values({
      applicationId: id,
      actorId,
      kind: input.action,
      state: rule.to,
      section: asking ? input.section || null : null,
      message: input.message,
      createdAt: now,
    });
    // The message to the applicant may be about them: recorded as written, never its text.
    await recordChange(tx, {
      actor: actorId,
      entity: 'visa',
      id,
      action: input.action,
      before: { state: current.state },
      after: { state: rule.to },
    });
    await notifier.notify(tx, {
      type: TOLD_ON[input.action],
      recipientId: current.userId,
      params: { reference: current.reference ?? '' },
      link: visaLink(id),
      actorId,
      language: current.language as Language,
    });
    // Handled: the staff notifications about it are read for whoever acted (issue 23).
    await markHandled(tx, actorId, staffVisaLink(id));
  });
}
