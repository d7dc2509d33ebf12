// Staff's inbox of contact messages (docs/decisions/017): the list, one conversation, and each
// staff change as one function (reply, note, assign, state, bulk state, merge), each in its own
// transaction with its history row, so the shared audit log can be added with one line apiece.

import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CONTACT_ACTIVE_STATES,
  CONTACT_PERSON_EVENT_KINDS,
  CONTACT_SAVED_REPLIES,
  CONTACT_UNANSWERED_STATES,
  type AdminContactDetail,
  type AdminContactListItem,
  type AdminContactListResponse,
  type AdminContactQuery,
  type AdminContactStaffResponse,
  type ContactEventKind,
  type ContactMergePeople,
  type ContactSettableState,
  type ContactState,
  type ContactType,
} from '@aylal/shared/schemas/contact';
import { isLanguage, type Language } from '@aylal/shared/i18n';
import { interpolate } from '@aylal/shared/notifications';
import adminEn from '@aylal/locales/en/admin.json' with { type: 'json' };
import adminMn from '@aylal/locales/mn/admin.json' with { type: 'json' };
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { contactEvents, contactMessages } from '../../db/schema/contact.ts';
import { enqueueEmail } from '../../delivery/outbox.ts';
import { onAgencyDays } from '../../lib/agency-days.ts';
import { AppError } from '../../lib/app-error.ts';
import { searchKeyContains } from '../../lib/search-key.ts';
import { isUuid } from '../../lib/sql-text.ts';
import { contactReplyMail } from '../../mail/templates.ts';
import { recordChange } from '../audit/record.ts';
import { getWorkingHours } from '../consultations/hours.ts';
import { notify } from '../notifications/notify.ts';
import { mailboxKey } from './sender-keys.ts';
import { markHandled } from '../notifications/service.ts';
import { contactSearchText, myContactLink, staffContactLink } from './service.ts';

type MessageRow = typeof contactMessages.$inferSelect;

const SAVED_BODIES: Record<Language, Record<string, string>> = {
  en: adminEn.contact.savedBodies,
  mn: adminMn.contact.savedBodies,
};

const notMerged = isNull(contactMessages.mergedIntoId);
const assignee = alias(users, 'assignee');

async function listFilters(db: Db, query: AdminContactQuery): Promise<SQL | undefined> {
  const filters: (SQL | undefined)[] = [notMerged];
  // Spam stays out of the list unless asked for.
  filters.push(query.state ? eq(contactMessages.state, query.state) : ne(contactMessages.state, 'spam'));
  if (query.active) filters.push(inArray(contactMessages.state, [...CONTACT_ACTIVE_STATES]));
  if (query.unanswered) filters.push(inArray(contactMessages.state, [...CONTACT_UNANSWERED_STATES]));
  if (query.from || query.to) {
    const { timeZone } = await getWorkingHours(db);
    filters.push(...onAgencyDays(contactMessages.createdAt, query.from, query.to, timeZone));
  }
  if (query.type) filters.push(eq(contactMessages.type, query.type));
  if (query.assignee === 'none') filters.push(isNull(contactMessages.assigneeId));
  else if (query.assignee) filters.push(eq(contactMessages.assigneeId, query.assignee));
  const words = (query.q ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) filters.push(searchKeyContains(contactMessages.searchKey, word));
  return and(...filters);
}

// As the indexes hold it (`desc nulls last`: Drizzle's `.desc()`), so a page is read in order from
// one; a bare `desc` (nulls first) matched none, and every page sorted every row it filtered.
const ORDER: Record<AdminContactQuery['sort'], SQL[]> = {
  newest: [sql`${contactMessages.createdAt} desc nulls last`, asc(contactMessages.id)],
  oldest: [sql`${contactMessages.createdAt} asc nulls first`, sql`${contactMessages.id} desc`],
};

function toListItem(row: MessageRow, assigneeName: string | null): AdminContactListItem {
  return {
    id: row.id,
    reference: row.reference,
    type: row.type as ContactType,
    state: row.state as ContactState,
    title: row.title,
    name: row.name,
    email: row.email,
    assignee: row.assigneeId ? { id: row.assigneeId, name: assigneeName ?? '' } : null,
    unread: row.staffReadAt === null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The inbox: conversations not merged into another, newest first, filtered by state (all but spam
 * unless asked; `active`: new, open or waiting; `unanswered`: new or open), received agency days,
 * type and assignee ('none': unassigned), searched by name, email, reference or
 * title in any script. The page's ids come from an index first, then only their rows are read.
 */
export async function findContactForAdmin(db: Db, query: AdminContactQuery): Promise<AdminContactListResponse> {
  if (query.assignee && query.assignee !== 'none' && query.assignee.length > 64) return { items: [], total: 0 };
  const where = await listFilters(db, query);
  const page = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: contactMessages, assigneeName: assignee.name })
      .from(page)
      .innerJoin(contactMessages, eq(contactMessages.id, page.id))
      .leftJoin(assignee, eq(assignee.id, contactMessages.assigneeId))
      .orderBy(...ORDER[query.sort]),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(where),
  ]);
  return { items: rows.map((row) => toListItem(row.message, row.assigneeName)), total: total?.total ?? 0 };
}

/** The admins, by name: whom a conversation may be assigned to, and the inbox's assignee filter. */
export async function findContactStaff(db: DbOrTx): Promise<AdminContactStaffResponse['items']> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.name), asc(users.id));
}

/** The row of a conversation staff may act on, locked: a merged one is its target (CONTACT_NOT_FOUND otherwise). */
async function lockConversation(tx: Tx, id: string): Promise<MessageRow> {
  if (!isUuid(id)) throw new AppError('CONTACT_NOT_FOUND');
  let [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1).for('update');
  if (row?.mergedIntoId) {
    [row] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, row.mergedIntoId))
      .limit(1)
      .for('update');
  }
  if (!row) throw new AppError('CONTACT_NOT_FOUND');
  return row;
}

async function readConversation(db: DbOrTx, id: string): Promise<AdminContactDetail> {
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

async function addEvent(
  tx: Tx,
  row: MessageRow,
  actorId: string,
  event: Omit<typeof contactEvents.$inferInsert, 'messageId' | 'actorId'>,
  now: Date,
) {
  await tx.insert(contactEvents).values({ ...event, messageId: row.id, actorId, createdAt: now });
}

/**
 * Moves a conversation to a state with its history row (nothing when it is there already) and,
 * unless the caller records the change itself (a reply), its audit row (docs/decisions/018).
 */
async function moveTo(
  tx: Tx,
  row: MessageRow,
  actorId: string,
  state: ContactState,
  now: Date,
  audit = true,
): Promise<boolean> {
  if (row.state === state) return false;
  const from = row.state;
  await tx.update(contactMessages).set({ state, updatedAt: now }).where(eq(contactMessages.id, row.id));
  await addEvent(tx, row, actorId, { kind: 'state', state }, now);
  if (audit) {
    await recordChange(tx, {
      actor: actorId,
      entity: 'message',
      id: row.id,
      action: 'state',
      before: { state: from },
      after: { state },
    });
  }
  row.state = state;
  return true;
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
  const targetId = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, id);
    if (row.staffReadAt === null) {
      await tx.update(contactMessages).set({ staffReadAt: now }).where(eq(contactMessages.id, row.id));
    }
    if (row.state === 'new') await moveTo(tx, row, actorId, 'open', now);
    return row.id;
  });
  return readConversation(db, targetId);
}

/**
 * A reply by email: queued in the person's language, its own Message-ID, In-Reply-To and
 * References the thread's (the confirmation's Message-ID); the conversation waits for the customer.
 * The person is told in-app too when they have an account (the email goes anyway).
 */
export async function replyToContact(
  db: Db,
  actorId: string,
  id: string,
  body: string,
  now = new Date(),
): Promise<AdminContactDetail> {
  const targetId = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, id);
    const [event] = await tx
      .insert(contactEvents)
      // Written in this conversation, to its person: a later merge keeps it theirs (service.ts loadMine).
      .values({ messageId: row.id, actorId, kind: 'reply', body, reference: row.reference, createdAt: now })
      .returning({ id: contactEvents.id });
    const messageId = `<contact-reply-${event!.id}@aylal>`;
    await tx.update(contactEvents).set({ emailMessageId: messageId }).where(eq(contactEvents.id, event!.id));
    const language: Language = isLanguage(row.language) ? row.language : 'en';
    await enqueueEmail(
      tx,
      contactReplyMail({
        to: row.email,
        reference: row.reference,
        language,
        body,
        messageId,
        threadId: row.threadId,
      }),
    );
    if (row.staffReadAt === null) {
      await tx.update(contactMessages).set({ staffReadAt: now }).where(eq(contactMessages.id, row.id));
    }
    const from = row.state;
    // The state change the reply makes reads after it (one transaction's rows share its clock).
    const moved = await moveTo(tx, row, actorId, 'waiting', new Date(now.getTime() + 1), false);
    // One audit row for the reply (never its text), with the state change it made if any.
    await recordChange(tx, {
      actor: actorId,
      entity: 'message',
      id: row.id,
      action: 'reply',
      ...(moved ? { before: { state: from }, after: { state: row.state } } : {}),
    });
    await tx.update(contactMessages).set({ updatedAt: now }).where(eq(contactMessages.id, row.id));
    const account = row.userId;
    if (account) {
      await notify(tx, {
        type: 'contactReplied',
        recipientId: account,
        params: { reference: row.reference },
        link: myContactLink(row.reference),
        actorId,
        language,
        skipEmail: true,
      });
    }
    // Answered: the staff notification about it is read for whoever answered (issue 23).
    await markHandled(tx, actorId, staffContactLink(row.id));
    return row.id;
  });
  return readConversation(db, targetId);
}

/** An internal note: staff only, never shown to the person. */
export async function addContactNote(
  db: Db,
  actorId: string,
  id: string,
  note: string,
  now = new Date(),
): Promise<AdminContactDetail> {
  const targetId = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, id);
    await addEvent(tx, row, actorId, { kind: 'note', body: note }, now);
    // Recorded by action alone: a note's text is never kept in the audit log.
    await recordChange(tx, { actor: actorId, entity: 'message', id: row.id, action: 'note' });
    return row.id;
  });
  return readConversation(db, targetId);
}

/** Assigns the conversation to an admin (CONTACT_ASSIGNEE_INVALID for anyone else), or to nobody. */
export async function assignContact(
  db: Db,
  actorId: string,
  id: string,
  assigneeId: string | null,
  now = new Date(),
): Promise<AdminContactDetail> {
  const targetId = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, id);
    let assigneeName: string | null = null;
    if (assigneeId !== null) {
      const [admin] = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.id, assigneeId), eq(users.role, 'admin')))
        .limit(1);
      if (!admin) throw new AppError('CONTACT_ASSIGNEE_INVALID');
      assigneeName = admin.name;
    }
    if (row.assigneeId === assigneeId) return row.id;
    const [previous] = row.assigneeId
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.assigneeId)).limit(1)
      : [];
    await tx.update(contactMessages).set({ assigneeId, updatedAt: now }).where(eq(contactMessages.id, row.id));
    await addEvent(tx, row, actorId, { kind: 'assign', assigneeId }, now);
    // Staff's names (who handles it), as the history reads them.
    await recordChange(tx, {
      actor: actorId,
      entity: 'message',
      id: row.id,
      action: 'assign',
      before: { assignee: previous?.name ?? null },
      after: { assignee: assigneeName },
    });
    return row.id;
  });
  return readConversation(db, targetId);
}

/** Sets one conversation's state (open, waiting, resolved, spam; `new` is never set by hand). */
export async function setContactState(
  db: Db,
  actorId: string,
  id: string,
  state: ContactSettableState,
  now = new Date(),
): Promise<AdminContactDetail> {
  const targetId = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, id);
    await moveTo(tx, row, actorId, state, now);
    await markHandled(tx, actorId, staffContactLink(row.id));
    return row.id;
  });
  return readConversation(db, targetId);
}

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
export async function mergeContact(
  db: Db,
  actorId: string,
  id: string,
  input: { into: string; confirmDifferentPeople?: boolean },
  now = new Date(),
): Promise<AdminContactDetail> {
  const targetId = await db.transaction(async (tx) => {
    const source = await lockConversation(tx, id);
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
  });
  return readConversation(db, targetId);
}
