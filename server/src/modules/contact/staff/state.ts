// A staff change to a contact conversation (docs/decisions/017): its state, one or many at once.

import { and, asc, inArray } from 'drizzle-orm';
import type { ContactSettableState } from '@aylal/shared/schemas/contact';
import type { Db } from '../../../db/client.ts';
import { contactMessages } from '../../../db/schema/contact.ts';
import { isUuid } from '../../../lib/sql-text.ts';
import { markHandled } from '../../notifications/index.ts';
import { staffContactLink } from '../service.ts';
import { conversationChange, moveTo } from './conversation.ts';
import { notMerged } from './list.ts';

/** Sets one conversation's state (open, waiting, resolved, spam; `new` is never set by hand). */
export const setContactState = conversationChange<ContactSettableState>(async (tx, row, actorId, state, now) => {
  await moveTo(tx, row, actorId, state, now);
  await markHandled(tx, actorId, staffContactLink(row.id));
});

/**
 * Sets the state of several conversations at once, all or none; ids that are not there (or
 * merged away) are skipped. Answers how many changed.
 */
export async function setContactStates(
  db: Db,
  actorId: string,
  ids: string[],
  state: ContactSettableState,
  now = new Date(),
): Promise<{ changed: number }> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return { changed: 0 };
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(contactMessages)
      .where(and(inArray(contactMessages.id, valid), notMerged))
      .orderBy(asc(contactMessages.id))
      .for('update');
    let changed = 0;
    for (const row of rows) if (await moveTo(tx, row, actorId, state, now)) changed += 1;
    return { changed };
  });
}
