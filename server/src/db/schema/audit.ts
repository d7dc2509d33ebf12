import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditChanges } from '@aylal/shared/audit-rules';
import { users } from './auth.ts';

/**
 * Who changed what (docs/decisions/018): one row per staff change, written in the change's own
 * transaction by `recordChange` (modules/audit/record.ts). `changes` holds only the fields that
 * changed, `{ field: { from, to } }`; a personal or long value is recorded as changed without its
 * values (`{ field: {} }`). The entity id is text: users' ids are Better Auth's, the rest uuids.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes')
      .$type<AuditChanges>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.createdAt.desc(), table.id.desc()),
  ],
);
