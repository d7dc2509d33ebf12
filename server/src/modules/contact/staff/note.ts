// A staff change to a contact conversation (docs/decisions/017): an internal note.

import { recordChange } from '../../audit/index.ts';
import { addEvent, conversationChange } from './conversation.ts';

/** An internal note: staff only, never shown to the person. */
export const addContactNote = conversationChange<string>(async (tx, row, actorId, note, now) => {
  await addEvent(tx, row, actorId, { kind: 'note', body: note }, now);
  // Recorded by action alone: a note's text is never kept in the audit log.
  await recordChange(tx, { actor: actorId, entity: 'message', id: row.id, action: 'note' });
});
