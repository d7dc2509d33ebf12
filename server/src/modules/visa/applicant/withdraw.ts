// The applicant's withdrawal of a visa application (docs/decisions/016).

import { eq } from 'drizzle-orm';
import { canWithdrawVisa, type VisaApplication, type VisaState } from '@aylal/shared/schemas/visa';
import type { Db } from '../../../db/client.ts';
import { visaApplications, visaEvents } from '../../../db/schema/visa.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Notifier } from '../../notifications/index.ts';
import { loadVisaParts, lockVisaApplication } from '../load.ts';
import { toVisaApplication } from '../mapping.ts';
import { tellOfMove } from './tell.ts';

/** Withdraws a submitted application before it is lodged (a draft is deleted instead). */
export async function withdrawVisaApplication(
  db: Db,
  notifier: Notifier,
  userId: string,
  id: string,
): Promise<VisaApplication> {
  return db.transaction(async (tx) => {
    const row = await lockVisaApplication(tx, id, userId);
    if (!canWithdrawVisa(row.state as VisaState)) throw new AppError('VISA_NOT_EDITABLE');
    const [updated] = await tx
      .update(visaApplications)
      .set({
        state: 'withdrawn',
        actionSection: null,
        actionMessage: null,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(visaApplications.id, row.id))
      .returning();
    await tx
      .insert(visaEvents)
      .values({ applicationId: row.id, actorId: userId, kind: 'withdrawn', state: 'withdrawn' });
    await tellOfMove(tx, notifier, row, userId, row.reference ?? '', {
      applicant: 'visaWithdrawn',
      staff: 'staffVisaWithdrawn',
    });
    return toVisaApplication(await loadVisaParts(tx, updated!));
  });
}
