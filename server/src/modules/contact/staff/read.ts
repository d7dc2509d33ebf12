// Staff's inbox of contact messages (docs/decisions/017): one conversation as staff read it.

import { asc, eq, inArray } from 'drizzle-orm';
import {
  CONTACT_SAVED_REPLIES,
  type AdminContactDetail,
  type AdminContactStaffResponse,
  type ContactEventKind,
  type ContactState,
} from '@aylal/shared/schemas/contact';
import { isLanguage, type Language } from '@aylal/shared/i18n';
import { interpolate } from '@aylal/shared/notifications';
import adminEn from '@aylal/locales/en/admin.json' with { type: 'json' };
import adminMn from '@aylal/locales/mn/admin.json' with { type: 'json' };
import type { Db, DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema/auth.ts';
import { contactEvents, contactMessages } from '../../../db/schema/contact.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isUuid } from '../../../lib/sql-text.ts';
import { toListItem } from './list.ts';

const SAVED_BODIES: Record<Language, Record<string, string>> = {
  en: adminEn.contact.savedBodies,
  mn: adminMn.contact.savedBodies,
};

/** The admins, by name: whom a conversation may be assigned to, and the inbox's assignee filter. */
export async function findContactStaff(db: DbOrTx): Promise<AdminContactStaffResponse['items']> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.name), asc(users.id));
}

/** The conversation `id` with its history, the staff it may be assigned to and the saved replies in its language. */
export async function readConversation(db: DbOrTx, id: string): Promise<AdminContactDetail> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!row) throw new AppError('CONTACT_NOT_FOUND');
  const [events, staff, merged] = await Promise.all([
    db
      .select()
      .from(contactEvents)
      .where(eq(contactEvents.messageId, id))
      .orderBy(asc(contactEvents.createdAt), asc(contactEvents.id)),
    findContactStaff(db),
    db
      .select({ reference: contactMessages.reference, name: contactMessages.name })
      .from(contactMessages)
      .where(eq(contactMessages.mergedIntoId, id))
      .orderBy(asc(contactMessages.createdAt)),
  ]);
  const people = new Map(staff.map((person) => [person.id, person.name]));
  const missing = [
    ...new Set(events.flatMap((event) => [event.actorId, event.assigneeId]).filter((who) => who && !people.has(who))),
  ] as string[];
  if (row.assigneeId && !people.has(row.assigneeId)) missing.push(row.assigneeId);
  if (missing.length) {
    for (const person of await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, missing))) {
      people.set(person.id, person.name);
    }
  }
  const language: Language = isLanguage(row.language) ? row.language : 'en';
  // Who wrote each message in it: this conversation's person, or the one of a message merged in.
  const senders = new Map([
    [row.reference, row.name],
    ...merged.map((entry) => [entry.reference, entry.name] as const),
  ]);
  return {
    ...toListItem(row, row.assigneeId ? (people.get(row.assigneeId) ?? '') : null),
    contact: row.contact,
    language,
    // Its sender's account, or the verified account of its address (claimContactMessages).
    hasAccount: row.userId !== null,
    merged: merged.map((entry) => entry.reference),
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind as ContactEventKind,
      body: event.body,
      state: (event.state as ContactState | null) ?? null,
      assignee: event.assigneeId ? { id: event.assigneeId, name: people.get(event.assigneeId) ?? '' } : null,
      reference: event.reference,
      from: event.kind === 'received' ? (senders.get(event.reference ?? row.reference) ?? row.name) : null,
      // The customer's own words are theirs; everything else is staff's.
      actor: event.kind === 'received' ? null : event.actorId ? (people.get(event.actorId) ?? null) : null,
      createdAt: event.createdAt.toISOString(),
    })),
    staff,
    savedReplies: CONTACT_SAVED_REPLIES.map((key) => ({
      key,
      body: interpolate(SAVED_BODIES[language][key] ?? '', { name: row.name }),
    })),
  };
}

/** The id of the conversation staff see for `id`: a merged one's target (CONTACT_NOT_FOUND otherwise). */
async function conversationIdOf(db: DbOrTx, id: string): Promise<string> {
  if (!isUuid(id)) throw new AppError('CONTACT_NOT_FOUND');
  const [row] = await db
    .select({ id: contactMessages.id, mergedIntoId: contactMessages.mergedIntoId })
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .limit(1);
  if (!row) throw new AppError('CONTACT_NOT_FOUND');
  return row.mergedIntoId ?? row.id;
}

/** One conversation as staff read it (a merged one: the conversation it joined). Reading changes nothing. */
export async function getContactForAdmin(db: Db, id: string): Promise<AdminContactDetail> {
  return readConversation(db, await conversationIdOf(db, id));
}
