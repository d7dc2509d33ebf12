import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import type { AuditChanges } from '@aylal/shared/audit-rules';
import { userOrNull } from './auth.ts';

/**
 * Who changed what (docs/decisions/018): one row per staff change, written in the change's own
 * transaction by `recordChange` (modules/audit/record.ts). `changes` holds only the fields that
 * changed, `{ field: { from, to } }`; a personal or long value is recorded as changed without its
 * values (`{ field: {} }`). The entity id is text: users' ids are Better Auth's, the rest uuids.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: userOrNull('actor_user_id'),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes')
      .$type<AuditChanges>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.createdAt.desc(), table.id.desc()),
  ],
);
