// Who is told of an applicant's own move of their visa application (docs/decisions/014, 016).

import { eq } from 'drizzle-orm';
import type { NotificationType } from '@aylal/shared/notifications';
import type { Tx } from '../../../db/client.ts';
import { users } from '../../../db/schema/auth.ts';
import type { Notifier } from '../../notifications/index.ts';
import { staffVisaLink, visaLink, type VisaApplicationRow } from '../mapping.ts';

/**
 * Tells of the applicant's move of `row`: the applicant (the confirmation of their own change,
 * unless `applicant` is null), in the application's language, then staff, with the account's name.
 */
export async function tellOfMove(
  tx: Tx,
  notifier: Notifier,
  row: VisaApplicationRow,
  userId: string,
  reference: string,
  told: { applicant: NotificationType | null; staff: NotificationType },
): Promise<void> {
  if (told.applicant) {
    await notifier.notify(tx, {
      type: told.applicant,
      recipientId: userId,
      params: { reference },
      link: visaLink(row.id),
      actorId: userId,
      language: row.language as 'en' | 'mn',
    });
  }
  const [account] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  await notifier.notify(tx, {
    type: told.staff,
    params: { reference, name: account?.name ?? '' },
    link: staffVisaLink(row.id),
    actorId: userId,
  });
}
