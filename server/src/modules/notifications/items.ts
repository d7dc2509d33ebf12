import type { NotificationItem, NotificationParams, NotificationType } from '@aylal/shared/notifications';

/** A notification as the lists (Drizzle) and the live stream (its own SQL, `seq` as text) read it. */
export interface ItemRow {
  id: string;
  seq: number | string;
  type: string;
  params: unknown;
  link: string;
  createdAt: Date;
}

/**
 * A notification as the API gives it, in `GET /api/notifications`, the staff feed and the live
 * stream alike. A type this version does not know (written by a newer one during a deploy) is
 * given as it is, on the lists and live alike: the web draws it without words (notificationText).
 */
export function toNotificationItem(row: ItemRow, read: boolean): NotificationItem {
  return {
    id: row.id,
    seq: Number(row.seq),
    type: row.type as NotificationType,
    params: (row.params ?? {}) as NotificationParams,
    link: row.link,
    read,
    createdAt: row.createdAt.toISOString(),
  };
}
