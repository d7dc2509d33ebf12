import { sql } from 'drizzle-orm';
import { check, index, pgSequence, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, partOf, timestamptz, updatedAt } from './columns.ts';
import { userOrNull } from './auth.ts';

/** The number in a message's reference ('C-2026-00042'). */
export const contactReferenceSequence = pgSequence('contact_reference_seq');

/**
 * A message sent through the contact form and the conversation staff keep about it
 * (docs/decisions/017). The customer's words are its first `contact_events` row (kind
 * `received`); replies, notes, state changes, assignments and merges follow there. A duplicate
 * merged into another conversation keeps its row (so its reference still finds the target) with
 * `merged_into_id` set, and leaves the staff list.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    /** 'C-2026-00042'. */
    reference: text('reference').notNull().unique(),
    type: text('type').notNull(),
    state: text('state').notNull().default('new'),
    title: text('title').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** A phone number or any other way to reach the person, as written. */
    contact: text('contact').notNull().default(''),
    /** The language the person wrote in: their emails. */
    language: text('language').notNull().default('en'),
    /** The account it was sent from (signed in), if any. */
    userId: userOrNull('user_id'),
    assigneeId: userOrNull('assignee_id'),
    /** The Message-ID of the confirmation email: every reply's In-Reply-To and References. */
    threadId: text('thread_id').notNull(),
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => contactMessages.id, { onDelete: 'set null' }),
    /**
     * The mailbox the email reaches (modules/contact/sender-keys.ts: Gmail's dots and `+tags`
     * ignored): the per-email limit counts on it.
     */
    emailKey: text('email_key').notNull(),
    /**
     * HMAC of the client's address, an IPv6 one by its /64 (never the address itself): the
     * per-address limit counts on it.
     */
    clientHash: text('client_hash').notNull(),
    /** Lower-cased name, email, reference(s) and title; `search_key` is it with Mongolian letters in Latin pairs (lib/search-key.ts). */
    searchText: text('search_text').notNull().default(''),
    searchKey: text('search_key').notNull().default(''),
    /** When staff last opened it; null (unread) until then, and again when the customer writes more. */
    staffReadAt: timestamptz('staff_read_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('contact_messages_type_check', sql`${table.type} in ('general', 'trips', 'visa', 'jobs')`),
    check('contact_messages_state_check', sql`${table.state} in ('new', 'open', 'waiting', 'resolved', 'spam')`),
    check('contact_messages_language_check', sql`${table.language} in ('en', 'mn')`),
    check('contact_messages_not_self_merged', sql`${table.mergedIntoId} is distinct from ${table.id}`),
    // The staff list: never merged ones, newest first, by state, type or assignee; each ends with
    // the id, the order's last key. Spam is out of the list unless asked for by state, so the
    // others leave it out too: a total counts from the index alone (migration 0013).
    index('contact_messages_list_idx')
      .on(table.createdAt.desc(), table.id)
      .where(sql`${table.mergedIntoId} is null and ${table.state} <> 'spam'`),
    index('contact_messages_state_idx')
      .on(table.state, table.createdAt.desc(), table.id)
      .where(sql`${table.mergedIntoId} is null`),
    index('contact_messages_type_idx')
      .on(table.type, table.createdAt.desc(), table.id)
      .where(sql`${table.mergedIntoId} is null and ${table.state} <> 'spam'`),
    index('contact_messages_assignee_idx')
      .on(table.assigneeId, table.createdAt.desc(), table.id)
      .where(sql`${table.mergedIntoId} is null and ${table.state} <> 'spam'`),
    index('contact_messages_search_key_idx')
      .using('gin', sql`${table.searchKey} gin_trgm_ops`)
      .where(sql`${table.mergedIntoId} is null`),
    // The limits: messages per address and per email in the last hour.
    index('contact_messages_client_idx').on(table.clientHash, table.createdAt),
    index('contact_messages_email_idx').on(table.emailKey, table.createdAt),
    index('contact_messages_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);

/** A conversation's history, oldest first: the customer's words, replies, notes (staff only), and staff changes. */
export const contactEvents = pgTable(
  'contact_events',
  {
    id: id(),
    messageId: partOf('message_id', () => contactMessages.id),
    actorId: userOrNull('actor_id'),
    kind: text('kind').notNull(),
    /** The customer's words, a reply's or a note's text; empty for changes. */
    body: text('body').notNull().default(''),
    /** The state after a state change. */
    state: text('state'),
    /** Who it was assigned to (null: nobody) by an assignment. */
    assigneeId: userOrNull('assignee_id'),
    /**
     * The reference of the conversation merged in (kind `merge`), or of the message a `received` or
     * `reply` was written in, which it stays with through merges: only that message's person sees
     * it (docs/decisions/025; a reply from before has none: the conversation it is in).
     */
    reference: text('reference'),
    /** A reply's email Message-ID. */
    emailMessageId: text('email_message_id'),
    createdAt: createdAt(),
  },
  (table) => [
    check('contact_events_kind_check', sql`${table.kind} in ('received', 'reply', 'note', 'state', 'assign', 'merge')`),
    index('contact_events_message_idx').on(table.messageId, table.createdAt),
  ],
);
