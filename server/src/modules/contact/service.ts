// The public side of contact messages (docs/decisions/017): sending one (with what stops bots and
// floods), and a signed-in person's own messages with the replies they were sent.

import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
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
import { agencyToday } from '@aylal/shared/job-rules';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { contactEvents, contactMessages, contactReferenceSequence } from '../../db/schema/contact.ts';
import { enqueueEmail } from '../../delivery/outbox.ts';
import { AppError } from '../../lib/app-error.ts';
import { searchKey } from '../../lib/search-key.ts';
import { isUuid } from '../../lib/sql-text.ts';
import { contactConfirmationMail } from '../../mail/templates.ts';
import { notify } from '../notifications/notify.ts';
import { checkContactFormToken } from './form-token.ts';
import { clientKey, mailboxKey } from './sender-keys.ts';

export const staffContactLink = (id: string) => `/admin/contact-us/${id}`;
/** Where a person reads their messages and the replies. */
export const myContactLink = '/contact#mine';

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

/**
 * Stores a message and answers its reference. What looks automated (botProblem) is refused with
 * its reason and nothing is stored, unless a signed-in person whose email is verified sent it:
 * theirs always goes through (docs/decisions/025). Within the hour, at most
 * CONTACT_LIMIT_PER_ADDRESS from one client (an IPv4 address, an IPv6 /64) and
 * CONTACT_LIMIT_PER_EMAIL for one mailbox (mailboxKey: Gmail's dots and `+tags` ignored; CONTACT_TOO_MANY), counted in the table under an advisory lock per address, so several
 * processes agree. The confirmation email (its Message-ID starts the thread) and the staff's
 * notification are queued in the same transaction.
 */
export async function sendContactMessage(
  db: Db,
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
    const reference = formatContactReference(Number(agencyToday(now).slice(0, 4)), number);
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
        userId: sender.userId,
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
    await notify(tx, {
      type: 'staffContactReceived',
      params: { reference },
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

async function loadMine(db: DbOrTx, rows: (typeof contactMessages.$inferSelect)[]): Promise<ContactMineItem[]> {
  if (rows.length === 0) return [];
  const events = await db
    .select({
      messageId: contactEvents.messageId,
      kind: contactEvents.kind,
      body: contactEvents.body,
      createdAt: contactEvents.createdAt,
    })
    .from(contactEvents)
    .where(
      and(
        inArray(
          contactEvents.messageId,
          rows.map((row) => row.id),
        ),
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
      .filter((event) => event.messageId === row.id)
      .map((event) => ({
        kind: event.kind as (typeof CONTACT_PERSON_EVENT_KINDS)[number],
        body: event.body,
        createdAt: event.createdAt.toISOString(),
      })),
  }));
}

/** The signed-in person's own messages (sent while signed in), newest first, with the replies. */
export async function findMyContactMessages(db: Db, userId: string): Promise<ContactMineResponse> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.userId, userId), isNull(contactMessages.mergedIntoId)))
    .orderBy(desc(contactMessages.createdAt))
    .limit(100);
  return { items: await loadMine(db, rows) };
}

/**
 * One of the person's own messages (a merged one: the conversation it joined, if that is theirs
 * too); CONTACT_NOT_FOUND for anyone else's.
 */
export async function getMyContactMessage(db: Db, userId: string, id: string): Promise<ContactMineItem> {
  if (!isUuid(id)) throw new AppError('CONTACT_NOT_FOUND');
  let [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (row?.mergedIntoId) {
    [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, row.mergedIntoId)).limit(1);
  }
  if (!row || row.userId !== userId) throw new AppError('CONTACT_NOT_FOUND');
  return (await loadMine(db, [row]))[0]!;
}
