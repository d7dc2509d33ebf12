import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every email the product sends; with no SMTP_URL this is where messages are read. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** An attached calendar invitation (text/calendar), when the message carries one. */
    calendar: text('calendar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [index('outbox_created_at_idx').on(table.createdAt)],
);
