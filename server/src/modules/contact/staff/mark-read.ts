// A staff change to a contact conversation (docs/decisions/017): staff open it.

import type { AdminContactDetail } from '@aylal/shared/schemas/contact';
import type { Db } from '../../../db/client.ts';
import { markReadByStaff, moveTo, withConversation } from './conversation.ts';

/**
 * Staff open a conversation (the web sends this when its page opens): it is read from now on
 * (until the customer writes more), and the first opening moves a new one to open. A merged one
 * marks the conversation it joined. Answers the conversation.
 */
export async function markContactRead(
  db: Db,
  actorId: string,
  id: string,
  now = new Date(),
): Promise<AdminContactDetail> {
  return withConversation(db, id, async (tx, row) => {
    await markReadByStaff(tx, row, now);
    if (row.state === 'new') await moveTo(tx, row, actorId, 'open', now);
  });
}
