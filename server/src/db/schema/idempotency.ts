import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * What a write sent with an `Idempotency-Key` answered (docs/decisions/028): the same key from the
 * same person within 24 hours gets this answer again instead of acting twice. A row without a
 * status is a request still being answered; one that failed leaves no row.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    /** The signed-in person's id, or 'anonymous'. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** A hash of the method, the matched route, the path, If-Match and the body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotent_requests_created_idx').on(table.createdAt),
  ],
);
