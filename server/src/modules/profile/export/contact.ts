// The person's contact conversations in their export (docs/decisions/015, 025): what they wrote
// and the replies sent to them, as `/api/contact/mine` gives them.

import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { CONTACT_PERSON_EVENT_KINDS } from '@aylal/shared/contact-rules';
import type { Tx } from '../../../db/client.ts';
import { pickColumns } from '../../../db/pick-columns.ts';
import { contactEvents, contactMessages } from '../../../db/schema/contact.ts';
import { mailboxKey } from '../../contact/index.ts';
import { readForAny } from './read-for-any.ts';

export async function readContactExport(tx: Tx, userId: string, account: { email: string; emailVerified: boolean }) {
  // Sent from the account, or before sign-up (or signed out) from its address once it is
  // proven theirs: keyed as the contact form keys it (one mailbox however it is spelt).
  const mine = account.emailVerified
    ? or(
        eq(contactMessages.userId, userId),
        and(isNull(contactMessages.userId), eq(contactMessages.emailKey, mailboxKey(account.email))),
      )
    : eq(contactMessages.userId, userId);

  const messages = await tx
    .select(
      pickColumns(contactMessages, [
        'id',
        'reference',
        'type',
        'state',
        'title',
        'name',
        'email',
        'contact',
        'language',
        'createdAt',
      ]),
    )
    .from(contactMessages)
    .where(mine)
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  // An entry belongs to the message it was written in (decision 025): its reference, or, when it
  // has none, the message it is in; merged or not, it is read in the conversation it lives in.
  const entries = await readForAny(messages, () =>
    tx
      .select({
        messageId: contactMessages.id,
        kind: contactEvents.kind,
        body: contactEvents.body,
        createdAt: contactEvents.createdAt,
      })
      .from(contactMessages)
      .innerJoin(
        contactEvents,
        and(
          eq(contactEvents.messageId, sql`coalesce(${contactMessages.mergedIntoId}, ${contactMessages.id})`),
          or(
            eq(contactEvents.reference, contactMessages.reference),
            and(isNull(contactEvents.reference), eq(contactEvents.messageId, contactMessages.id)),
          ),
        ),
      )
      .where(
        and(
          inArray(
            contactMessages.id,
            messages.map((message) => message.id),
          ),
          inArray(contactEvents.kind, [...CONTACT_PERSON_EVENT_KINDS]),
        ),
      )
      .orderBy(asc(contactEvents.createdAt), asc(contactEvents.id)),
  );

  return messages.map(({ id, ...message }) => ({
    ...message,
    events: entries.filter((entry) => entry.messageId === id).map(({ messageId: _, ...entry }) => entry),
  }));
}
