import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUsersQuery, AdminUsersResponse } from '@aylal/shared/schemas/admin-users';
import type { Role } from '@aylal/shared/schemas/auth';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsText } from '../../lib/sql-text.ts';
import { recordChange } from '../audit/index.ts';
import { forgetDemotion, rememberDemotion } from '../../plugins/staff-role.ts';
import { onAgencyDays } from '../../lib/agency-days.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';

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
    filters.push(or(containsText(users.name, query.q), containsText(users.email, query.q))!);
  }
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.from || query.to) {
    const { timeZone } = await getWorkingHours(db);
    filters.push(...onAgencyDays(users.createdAt, query.from, query.to, timeZone));
  }
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

/**
 * Changes a role; a demoted admin is signed out everywhere in the same transaction, so no
 * session of theirs outlives the admin rights it was opened with, and their address is remembered
 * as demoted (ADMIN_EMAILS no longer promotes it); a promotion forgets that.
 */
export async function setUserRole(db: Db, actingUserId: string, userId: string, role: Role): Promise<AdminUser> {
  if (actingUserId === userId) throw new AppError('CANNOT_CHANGE_OWN_ROLE');
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ role: users.role, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!found) throw new AppError('NOT_FOUND');
    const before = { role: found.role };
    const [row] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    if (before.role === 'admin' && role !== 'admin') {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      // Remembered by address: ADMIN_EMAILS does not make them staff again, even as a new account.
      await rememberDemotion(tx, found.email);
    }
    if (role === 'admin') await forgetDemotion(tx, found.email);
    await recordChange(tx, {
      actor: actingUserId,
      entity: 'user',
      id: userId,
      action: 'role',
      before,
      after: { role },
    });
    return toAdminUser(row!);
  });
}

/** Signs a user out on every device; the number of sessions ended. */
export async function revokeUserSessions(db: Db, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  // Nothing ended: a user without sessions, or no such user.
  if (ended.length === 0 && !(await db.$count(users, eq(users.id, userId)))) throw new AppError('NOT_FOUND');
  return ended.length;
}
