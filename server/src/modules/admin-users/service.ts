import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUsersQuery, AdminUsersResponse } from '@aylal/shared/admin-users';
import type { Role } from '@aylal/shared/auth';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeLike } from '../../lib/sql-text.ts';

function toAdminUser(row: typeof users.$inferSelect): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'user',
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export async function findUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  if (query.role) filters.push(eq(users.role, query.role));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toAdminUser), total: total?.value ?? 0 };
}

export async function setUserRole(db: Db, actingUserId: string, userId: string, role: Role): Promise<AdminUser> {
  if (actingUserId === userId) throw new AppError('CANNOT_CHANGE_OWN_ROLE');
  const [row] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminUser(row);
}
