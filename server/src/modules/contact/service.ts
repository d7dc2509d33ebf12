// The public side of contact messages (docs/decisions/017): sending one (with what stops bots and
// floods), and a signed-in person's own messages with the replies they were sent.

import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CONTACT_LIMIT_PER_ADDRESS,
  CONTACT_LIMIT_PER_EMAIL,
  CONTACT_LIMIT_WINDOW_SECONDS,
  formatContactReference,
  type ContactMineItem,
  type ContactMineResponse,
  type ContactRequest,
  type ContactResponse,
  type ContactType,
  CONTACT_PERSON_EVENT_KINDS,
} from '@aylal/shared/schemas/contact';
import type { ErrorCode } from '@aylal/shared/errors';
import type { Language } from '@aylal/shared/i18n';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { contactEvents, contactMessages, contactReferenceSequence } from '../../db/schema/contact.ts';
import { enqueueEmail } from '../../delivery/outbox.ts';
import { agencyToday } from '../../lib/agency-clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { searchKey } from '../../lib/search-key.ts';
import { isUuid } from '../../lib/sql-text.ts';
import { contactConfirmationMail } from '../../mail/templates.ts';
import type { Notifier } from '../notifications/index.ts';
import { checkContactFormToken } from './form-token.ts';
import { clientKey, mailboxKey } from './sender-keys.ts';

export const staffContactLink = (id: string) => `/admin/contact-us/${id}`;
/** Where a person reads their messages and the replies. */
/** The person's page of one of their conversations (the reply's notification opens it). */
export const myContactLink = (reference: string) => `/contact/${reference}`;

/**
 * The client as stored: an HMAC under the app's secret of its key (an IPv4 address, or an IPv6
 * address's /64: sender-keys.ts), never the address itself.
 */
export function clientHash(address: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`contact:${clientKey(address)}`)
    .digest('base64url');
}

/** The lower-cased words staff search a conversation by (lib/search-key.ts makes its key). */
export function contactSearchText(parts: string[]): { searchText: string; searchKey: string } {
  const searchText = parts
    .map((part) => part.trim().toLocaleLowerCase())
    .filter(Boolean)
    .join(' ');
  return { searchText, searchKey: searchKey(searchText) };
}

/**
 * Why a message looks automated, or null: the hidden field filled in, or the server's token of when
 * the form opened missing, forged, too fresh or too old (form-token.ts).
 */
export function botProblem(
  input: Pick<ContactRequest, 'website' | 'formToken'>,
  secret: string,
  now: Date,
): ErrorCode | null {
  if (input.website?.trim()) return 'CONTACT_HIDDEN_FIELD';
  return checkContactFormToken(secret, input.formToken, now.getTime());
}

/** Whether the account's email is verified (its owner followed the link Better Auth sent). */
async function isVerified(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.verified === true;
}

async function countRecent(tx: Tx, column: typeof contactMessages.clientHash, value: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(contactMessages)
    .where(
      and(
        eq(column, value),
        gt(contactMessages.createdAt, sql`now() - make_interval(secs => ${CONTACT_LIMIT_WINDOW_SECONDS})`),
      ),
    );
  return row?.value ?? 0;
}

export interface ContactSender {
  /** The signed-in person, if any. */
  userId: string | null;
  /** The client's address (request.ip), counted by clientKey and hashed before it is stored. */
  address: string;
  secret: string;
  language: Language;
  /** PUBLIC_URL: the confirmation's link to the contact page. */
  publicUrl: string;
}

/** The verified account whose address this is (as written, lower-cased), or null. */
async function verifiedAccountOf(db: DbOrTx, email: string): Promise<string | null> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.emailVerified, true), sql`lower(${users.email}) = ${email.trim().toLowerCase()}`))
    .limit(1);
  return found?.id ?? null;
}

/**
 * Conversations reach their person (issue 23): once an account's address is verified (the
 * emailed link, a sign-in link, Google), the messages sent from that mailbox without an account
 * (before signing up, or signed out) become the account's: they list under its messages, and
 * staff's replies notify it. Run when an address becomes verified and at every sign-in; answers
 * how many it took.
 */
export async function claimContactMessages(db: DbOrTx, userId: string): Promise<number> {
  const [account] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account?.verified) return 0;
  const claimed = await db
    .update(contactMessages)
    .set({ userId })
    .where(and(isNull(contactMessages.userId), eq(contactMessages.emailKey, mailboxKey(account.email))))
    .returning({ id: contactMessages.id });
  return claimed.length;
}

/**
 * Stores a message and answers its reference. What looks automated (botProblem) is refused with
 * its reason and nothing is stored, unless a signed-in person whose email is verified sent it:
 * theirs always goes through (docs/decisions/025). Within the hour, at most
 * CONTACT_LIMIT_PER_ADDRESS from one client (an IPv4 address, an IPv6 /64) and
 * CONTACT_LIMIT_PER_EMAIL for one mailbox (mailboxKey: Gmail's dots and `+tags` ignored), else
 * CONTACT_TOO_MANY, counted in the table under an advisory lock per address, so several processes
 * agree. The confirmation email (its Message-ID starts the thread) and the staff's
 * notification are queued in the same transaction.
 */
export async function sendContactMessage(
  db: Db,
  notifier: Notifier,
  sender: ContactSender,
  input: ContactRequest,
  now = new Date(),
): Promise<ContactResponse> {
  const hash = clientHash(sender.address, sender.secret);
  const emailKey = mailboxKey(input.email);
  const language = input.language ?? sender.language;
  if (!(sender.userId && (await isVerified(db, sender.userId)))) {
    const problem = botProblem(input, sender.secret, now);
    if (problem) throw new AppError(problem);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contact'), hashtext(${hash}))`);
    if ((await countRecent(tx, contactMessages.clientHash, hash)) >= CONTACT_LIMIT_PER_ADDRESS) {
      throw new AppError('CONTACT_TOO_MANY');
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contact-email'), hashtext(${emailKey}))`);
    const sent = await tx
      .select({ value: count() })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.emailKey, emailKey),
          sql`${contactMessages.state} <> 'spam'`,
          gt(contactMessages.createdAt, sql`now() - make_interval(secs => ${CONTACT_LIMIT_WINDOW_SECONDS})`),
        ),
      );
    if ((sent[0]?.value ?? 0) >= CONTACT_LIMIT_PER_EMAIL) throw new AppError('CONTACT_TOO_MANY');
    const number = Number(
      (await tx.execute<{ n: string }>(sql`select nextval(${contactReferenceSequence.seqName}) as n`)).rows[0]!.n,
    );
    const reference = formatContactReference(Number((await agencyToday(tx, now)).slice(0, 4)), number);
    const [row] = await tx
      .insert(contactMessages)
      .values({
        reference,
        type: input.type,
        state: 'new',
        title: input.title,
        name: input.name,
        email: input.email,
        contact: input.contact,
        language,
        // Signed out, from the address of a verified account: the conversation is that account's.
        userId: sender.userId ?? (await verifiedAccountOf(tx, input.email)),
        threadId: 'pending',
        emailKey,
        clientHash: hash,
        ...contactSearchText([input.name, input.email, reference, input.title]),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: contactMessages.id });
    const id = row!.id;
    const threadId = `<contact-${id}@aylal>`;
    await tx.update(contactMessages).set({ threadId }).where(eq(contactMessages.id, id));
    await tx.insert(contactEvents).values({
      messageId: id,
      actorId: sender.userId,
      kind: 'received',
      body: input.message,
      reference,
      createdAt: now,
    });
    await enqueueEmail(
      tx,
      // Nothing the sender typed but the address: the reference and a link (docs/decisions/025).
      contactConfirmationMail({
        to: input.email,
        reference,
        language,
        messageId: threadId,
        contactUrl: `${sender.publicUrl.replace(/\/+$/, '')}/contact`,
      }),
    );
    await notifier.notify(tx, {
      type: 'staffContactReceived',
      // Staff see who wrote (the name they gave) and the reference; never what they wrote.
      params: { reference, name: input.name.trim() },
      link: staffContactLink(id),
      actorId: sender.userId,
    });
    return { reference };
  });
}

/** What a person sees of a state: staff's inner states (new, spam) read as open. */
function stateForPerson(state: string): ContactMineItem['state'] {
  return state === 'waiting' || state === 'resolved' ? state : 'open';
}

type MessageRow = typeof contactMessages.$inferSelect;
const container = alias(contactMessages, 'container');

/**
 * The person's messages as they see them (docs/decisions/025), each with the words that are theirs
 * alone. A message of theirs is shown as the conversation it lives in when that is theirs too (a
 * merge of their own messages); merged into someone else's (staff confirmed it), it is shown on its
 * own, as it was. Either way only entries written in their own messages are shown: what they wrote
 * and the replies sent to them, never another person's words or the replies sent to that person.
 * An entry belongs to the message it was written in: its `reference` (set when it is written or
 * moved by a merge), or, when empty, the message it is in.
 */
async function loadMine(db: DbOrTx, userId: string, rows: MessageRow[]): Promise<ContactMineItem[]> {
  if (rows.length === 0) return [];
  const containers = [...new Set(rows.map((row) => row.mergedIntoId ?? row.id))];
  const origin = alias(contactMessages, 'origin');
  const shownAs = sql<string>`case when ${container.userId} = ${userId} then ${container.id} else ${origin.id} end`;
  const events = await db
    .select({
      shownAs,
      kind: contactEvents.kind,
      body: contactEvents.body,
      createdAt: contactEvents.createdAt,
    })
    .from(origin)
    .innerJoin(
      contactEvents,
      and(
        eq(contactEvents.messageId, sql`coalesce(${origin.mergedIntoId}, ${origin.id})`),
        or(
          eq(contactEvents.reference, origin.reference),
          and(isNull(contactEvents.reference), eq(contactEvents.messageId, origin.id)),
        ),
      ),
    )
    .innerJoin(container, eq(container.id, contactEvents.messageId))
    .where(
      and(
        eq(origin.userId, userId),
        inArray(contactEvents.messageId, containers),
        // What the person wrote and what they were sent.
        inArray(contactEvents.kind, [...CONTACT_PERSON_EVENT_KINDS]),
      ),
    )
    .orderBy(asc(contactEvents.createdAt), asc(contactEvents.id));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    type: row.type as ContactType,
    title: row.title,
    state: stateForPerson(row.state),
    createdAt: row.createdAt.toISOString(),
    entries: events
      .filter((event) => event.shownAs === row.id)
      .map((event) => ({
        kind: event.kind as (typeof CONTACT_PERSON_EVENT_KINDS)[number],
        body: event.body,
        createdAt: event.createdAt.toISOString(),
      })),
  }));
}

/**
 * The signed-in person's own messages (sent while signed in), newest first, with the replies: each
 * conversation of theirs, and each message of theirs merged into someone else's, on its own.
 */
export async function findMyContactMessages(db: Db, userId: string): Promise<ContactMineResponse> {
  const rows = await db
    .select({ message: contactMessages })
    .from(contactMessages)
    .leftJoin(container, eq(container.id, contactMessages.mergedIntoId))
    .where(
      and(
        eq(contactMessages.userId, userId),
        or(isNull(contactMessages.mergedIntoId), sql`${container.userId} is distinct from ${userId}`),
      ),
    )
    .orderBy(desc(contactMessages.createdAt))
    .limit(100);
  return {
    items: await loadMine(
      db,
      userId,
      rows.map((row) => row.message),
    ),
  };
}

/**
 * One of the person's own messages (merged into another of theirs: that conversation);
 * CONTACT_NOT_FOUND for anyone else's, even one merged into theirs.
 */
export async function getMyContactMessage(db: Db, userId: string, id: string): Promise<ContactMineItem> {
  if (!isUuid(id)) throw new AppError('CONTACT_NOT_FOUND');
  const [found] = await db
    .select({ message: contactMessages, joined: container })
    .from(contactMessages)
    .leftJoin(container, eq(container.id, contactMessages.mergedIntoId))
    .where(eq(contactMessages.id, id))
    .limit(1);
  if (!found || found.message.userId !== userId) throw new AppError('CONTACT_NOT_FOUND');
  const shown = found.joined?.userId === userId ? found.joined : found.message;
  return (await loadMine(db, userId, [shown]))[0]!;
}
