import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';
import { notifications } from './notifications.ts';

/**
 * Every email the product sends, and the queue they are sent from: written in the transaction of
 * the change that causes it, then taken by one worker at a time (`FOR UPDATE SKIP LOCKED` and a
 * lease), retried with backoff until sent or given up (`failed_at`). With no SMTP_URL the worker
 * marks them sent after printing them: this table is where a developer reads them.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** An attached calendar invitation (text/calendar), when the message carries one. */
    calendar: text('calendar'),
    /** REQUEST or CANCEL, the invitation's method. */
    calendarMethod: text('calendar_method'),
    /** The Message-ID header: the same on every attempt, so a resend is recognisably the same mail. */
    messageId: text('message_id'),
    /** The thread a reply belongs to: In-Reply-To and References (space-separated Message-IDs). */
    inReplyTo: text('in_reply_to'),
    references: text('references'),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    /** The id of the request that queued it (lib/request-id.ts), logged with each attempt. */
    requestId: text('request_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    failedAt: timestamptz('failed_at'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    error: text('error'),
  },
  (table) => [
    index('outbox_created_at_idx').on(table.createdAt),
    index('outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);
