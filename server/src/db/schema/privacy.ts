import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';
import { ownedByUser } from './auth.ts';
import { visaApplications } from './visa.ts';

/**
 * Stored files to remove (docs/decisions/027): written in the transaction that deletes the rows
 * pointing at them, removed after it commits, and retried from here while the store is down.
 */
export const storageRemovals = pgTable('storage_removals', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  error: text('error'),
  createdAt: createdAt(),
});

/**
 * Who looked at a visa application's personal data (docs/decisions/027): a staff member revealing
 * a passport number, opening a document or the staff PDF, or exporting the list as CSV. No foreign
 * keys: a record outlives the account and the application it names (by id only), and a trigger
 * refuses any change and any deletion younger than two years.
 */
export const accessRecords = pgTable(
  'access_records',
  {
    id: id(),
    kind: text('kind').notNull(),
    actorId: text('actor_id'),
    /** The staff member's name and address when they looked. */
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** The application looked at; null for a CSV export, which lists them in `application_ids`. */
    applicationId: uuid('application_id'),
    applicationIds: uuid('application_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** What exactly: `{ documentId, kind, dependantId? }` for a document, `{ count }` for a CSV export (never its search). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'access_records_kind_check',
      sql`${table.kind} in ('passport-reveal', 'document-open', 'staff-pdf', 'visa-csv')`,
    ),
    index('access_records_application_idx').on(table.applicationId, table.createdAt.desc()),
    index('access_records_application_ids_idx').using('gin', table.applicationIds),
    index('access_records_created_idx').on(table.createdAt),
  ],
);

/**
 * A person's consent, with the words they saw: on every visa submission, to the processing of its
 * sensitive answers and their transfer to the destination's authorities (docs/decisions/027).
 */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    userId: ownedByUser('user_id'),
    applicationId: uuid('application_id').references(() => visaApplications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    language: text('language').notNull(),
    wording: text('wording').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('consents_kind_check', sql`${table.kind} in ('visa-sensitive-data')`),
    index('consents_user_idx').on(table.userId, table.createdAt),
    index('consents_application_idx').on(table.applicationId, table.createdAt),
  ],
);
