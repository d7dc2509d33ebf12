// A staff change to a contact conversation (docs/decisions/017): an internal note.

import type { AdminContactDetail } from '@aylal/shared/schemas/contact';
import type { Db } from '../../../db/client.ts';
import { recordChange } from '../../audit/index.ts';
import { addEvent, withConversation } from './conversation.ts';

/** An internal note: staff only, never shown to the person. */
export async function addContactNote(
  db: Db,
  actorId: string,
  id: string,
  note: string,
  now = new Date(),
): Promise<AdminContactDetail> {
  return withConversation(db, id, async (tx, row) => {
    await addEvent(tx, row, actorId, { kind: 'note', body: note }, now);
    // Recorded by action alone: a note's text is never kept in the audit log.
    await recordChange(tx, { actor: actorId, entity: 'message', id: row.id, action: 'note' });
  });
}
