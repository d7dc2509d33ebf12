// A staff change to a visa application (docs/decisions/016): an internal note.

import type { AdminVisaDetail } from '@aylal/shared/schemas/visa';
import type { Db } from '../../../db/client.ts';
import { visaEvents } from '../../../db/schema/visa.ts';
import { recordChange } from '../../audit/index.ts';
import { withApplication } from './application.ts';

/** An internal note: a history row of kind `note`, for staff only (never shown to the applicant). */
export async function addVisaNote(db: Db, actorId: string, id: string, note: string): Promise<AdminVisaDetail> {
  return withApplication(db, id, async (tx) => {
    await tx.insert(visaEvents).values({ applicationId: id, actorId, kind: 'note', message: note });
    await recordChange(tx, { actor: actorId, entity: 'visa', id, action: 'note' });
  });
}
