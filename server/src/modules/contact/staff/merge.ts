// A staff change to a contact conversation (docs/decisions/017): merging a duplicate into another.

import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONTACT_PERSON_EVENT_KINDS, type ContactMergePeople } from '@aylal/shared/schemas/contact';
import { contactEvents, contactMessages } from '../../../db/schema/contact.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isUuid } from '../../../lib/sql-text.ts';
import { recordChange } from '../../audit/index.ts';
import { mailboxKey } from '../sender-keys.ts';
import { contactSearchText } from '../service.ts';
import { addEvent, lockConversation, conversationChange, type MessageRow } from './conversation.ts';

/** Who wrote a message, for telling people apart: their account, or (signed out) the mailbox of their email. */
function personOf(row: MessageRow): string {
  return row.userId ? `account:${row.userId}` : `email:${mailboxKey(row.email)}`;
}

const mergeSide = (row: MessageRow): ContactMergePeople['from'] => ({
  reference: row.reference,
  name: row.name,
  email: row.email,
  signedIn: row.userId !== null,
});

/**
 * Merges a duplicate into another conversation (given by id or reference): its history moves
 * there (in time order with the target's own), a `merge` row says so, the target's search finds
 * the duplicate's reference, name and email, and the duplicate leaves the list (its row stays,
 * pointing at the target, so its reference and id still lead there). Conversations already merged
 * into the duplicate follow it. CONTACT_MERGE_INVALID for itself. Two people's conversations
 * (another account, or signed out another mailbox: personOf) are merged only when staff confirm
 * it (`confirmDifferentPeople`; CONTACT_MERGE_OTHER_PERSON names both otherwise), and even then
 * neither person is ever shown the other's words (each entry keeps the reference of the message it
 * was written in; docs/decisions/025).
 */
export const mergeContact = conversationChange<{ into: string; confirmDifferentPeople?: boolean }>(
  async (tx, source, actorId, input, now) => {
    const key = input.into.trim();
    const [found] = await tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(isUuid(key) ? eq(contactMessages.id, key) : eq(contactMessages.reference, key.toUpperCase()))
      .limit(1);
    if (!found) throw new AppError('CONTACT_NOT_FOUND');
    const target = await lockConversation(tx, found.id);
    if (target.id === source.id) throw new AppError('CONTACT_MERGE_INVALID');
    if (personOf(source) !== personOf(target) && input.confirmDifferentPeople !== true) {
      throw new AppError('CONTACT_MERGE_OTHER_PERSON', {
        from: mergeSide(source),
        into: mergeSide(target),
      } satisfies ContactMergePeople);
    }
    // What the person wrote and the replies they were sent keep the message they belong to.
    await tx
      .update(contactEvents)
      .set({ reference: sql`coalesce(${contactEvents.reference}, ${source.reference})` })
      .where(and(eq(contactEvents.messageId, source.id), inArray(contactEvents.kind, [...CONTACT_PERSON_EVENT_KINDS])));
    await tx.update(contactEvents).set({ messageId: target.id }).where(eq(contactEvents.messageId, source.id));
    const followers = await tx
      .update(contactMessages)
      .set({ mergedIntoId: target.id })
      .where(eq(contactMessages.mergedIntoId, source.id))
      .returning({ reference: contactMessages.reference, name: contactMessages.name, email: contactMessages.email });
    await tx
      .update(contactMessages)
      .set({ mergedIntoId: target.id, updatedAt: now })
      .where(eq(contactMessages.id, source.id));
    await tx
      .update(contactMessages)
      .set({
        updatedAt: now,
        ...contactSearchText([
          target.searchText,
          source.reference,
          source.name,
          source.email,
          source.title,
          ...followers.flatMap((row) => [row.reference, row.name, row.email]),
        ]),
      })
      .where(eq(contactMessages.id, target.id));
    await addEvent(tx, target, actorId, { kind: 'merge', reference: source.reference }, now);
    // On the duplicate ("merged it into another conversation"); the target's own history shows the merge.
    await recordChange(tx, { actor: actorId, entity: 'message', id: source.id, action: 'merge' });
    return target.id;
  },
);
