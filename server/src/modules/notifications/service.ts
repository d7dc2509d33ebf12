import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationPage } from '@aylal/shared/notifications';
import type { NotificationsQuery } from '@aylal/shared/schemas/notifications';
import type { Db, Tx } from '../../db/client.ts';
import { notifications, staffNotificationReads } from '../../db/schema/notifications.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/sql-text.ts';
import { toNotificationItem, type ItemRow } from './items.ts';
import { notifyCounts } from './notify.ts';

const columns = {
  id: notifications.id,
  seq: notifications.seq,
  type: notifications.type,
  params: notifications.params,
  link: notifications.link,
  createdAt: notifications.createdAt,
};

/** The signed-in person's own notifications, newest first. */
export async function listMine(db: Db, userId: string, query: NotificationsQuery): Promise<NotificationPage> {
  const mine = eq(notifications.recipientId, userId);
  const unread = and(mine, isNull(notifications.readAt));
  const where = query.unread ? unread : mine;
  const [rows, [total], [unreadCount]] = await Promise.all([
    db
      .select({ ...columns, readAt: notifications.readAt })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.seq))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    db.select({ n: count() }).from(notifications).where(unread),
  ]);
  return toNotificationPage(rows, total?.n ?? 0, unreadCount?.n ?? 0, query);
}

/** One page of notifications as the API answers it: the rows read (or not by `readAt`) and the counts. */
function toNotificationPage(
  rows: (ItemRow & { readAt: Date | null })[],
  total: number,
  unread: number,
  query: NotificationsQuery,
): NotificationPage {
  return {
    items: rows.map((row) => toNotificationItem(row, row.readAt !== null)),
    total,
    unread,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Marks one of the person's notifications read; someone else's is not found. */
export async function readMine(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('NOTIFICATION_NOT_FOUND');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.recipientId, userId)))
      .for('update');
    if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
    if (row.readAt) return;
    await tx.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, id));
    await notifyCounts(tx, userId);
  });
}

export async function readAllMine(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (changed.length) await notifyCounts(tx, userId);
  });
}

const isStaff = eq(notifications.audience, 'staff');

/** The staff feed, newest first, each read or not by this admin. */
export async function listStaff(db: Db, adminId: string, query: NotificationsQuery): Promise<NotificationPage> {
  const joined = () =>
    db
      .select({ ...columns, readAt: staffNotificationReads.readAt })
      .from(notifications)
      .leftJoin(
        staffNotificationReads,
        and(eq(staffNotificationReads.notificationId, notifications.id), eq(staffNotificationReads.adminId, adminId)),
      );
  const unread = and(isStaff, isNull(staffNotificationReads.notificationId));
  const where = query.unread ? unread : isStaff;
  const counted = (condition: typeof where) =>
    db
      .select({ n: count() })
      .from(notifications)
      .leftJoin(
        staffNotificationReads,
        and(eq(staffNotificationReads.notificationId, notifications.id), eq(staffNotificationReads.adminId, adminId)),
      )
      .where(condition);
  const [rows, [total], [unreadCount]] = await Promise.all([
    joined()
      .where(where)
      .orderBy(desc(notifications.seq))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    counted(where),
    counted(unread),
  ]);
  return toNotificationPage(rows, total?.n ?? 0, unreadCount?.n ?? 0, query);
}

/** Marks the staff notifications matching `which` read for this admin now; ones already read stay as they were. */
function insertStaffReads(tx: Tx, adminId: string, which: SQL) {
  return tx
    .insert(staffNotificationReads)
    .select(
      tx
        .select({
          notificationId: notifications.id,
          adminId: sql<string>`${adminId}`.as('admin_id'),
          readAt: sql<Date>`now()`.as('read_at'),
        })
        .from(notifications)
        .where(and(isStaff, which)),
    )
    .onConflictDoNothing();
}

/** This admin's reading of staff notifications (read state is per admin); unknown ids are skipped. */
export async function setStaffRead(db: Db, adminId: string, ids: string[], read: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    if (read) {
      await insertStaffReads(tx, adminId, inArray(notifications.id, ids));
    } else {
      await tx
        .delete(staffNotificationReads)
        .where(and(eq(staffNotificationReads.adminId, adminId), inArray(staffNotificationReads.notificationId, ids)));
    }
    await notifyCounts(tx, adminId);
  });
}

/** Removes notifications from the staff feed, for every admin (housekeeping of the shared list). */
export async function deleteStaff(db: Db, ids: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(notifications)
      .where(and(isStaff, inArray(notifications.id, ids)))
      .returning({ id: notifications.id });
    if (deleted.length) await notifyCounts(tx, null);
    return deleted.length;
  });
}

/**
 * Staff handled what `link` is about (answered a message, moved an application, confirmed a
 * booking): the staff notifications about it are read for the admin who did, in the same
 * transaction, and their tabs' counts refresh. Other admins' reading is theirs.
 */
export async function markHandled(tx: Tx, adminId: string, link: string): Promise<void> {
  const marked = await insertStaffReads(tx, adminId, eq(notifications.link, link)).returning({
    id: staffNotificationReads.notificationId,
  });
  if (marked.length > 0) await notifyCounts(tx, adminId);
}
