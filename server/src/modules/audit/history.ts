import { and, count, desc, eq } from 'drizzle-orm';
import type { HistoryQuery, HistoryResponse } from '@aylal/shared/schemas/audit';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';

/** One record's staff changes, newest first, a page at a time, with who made each. */
export async function findHistory(db: Db, query: HistoryQuery): Promise<HistoryResponse> {
  const where = and(eq(auditLog.entityType, query.entity), eq(auditLog.entityId, query.id));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        changes: auditLog.changes,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorUserId,
        actorName: users.name,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    total: total?.value ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
      changes: row.changes,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
