// The hub's reads (modules/notifications/hub.ts): short queries on the app's pool, each for every
// stream concerned at once.

import type pg from 'pg';
import type { NotificationItem } from '@aylal/shared/notifications';
import { toNotificationItem, type ItemRow } from './items.ts';
import type { LiveStream } from './live-stream.ts';

/** The most missed notifications a reconnecting stream is sent (newest, oldest first). */
export const RESUME_LIMIT = 50;

export type Feed = 'user' | 'staff';
export type Counts = { user: number; staff?: number };

interface NotificationRow extends ItemRow {
  audience: string;
  recipient_id: string | null;
  read_at: Date | null;
  /** For the staff feed: whether the admin reading has read it. */
  staff_read?: boolean;
}

const ITEM_COLUMNS =
  'n.id, n.seq, n.audience, n.recipient_id, n.type, n.params, n.link, n.read_at, n.created_at as "createdAt"';

/** A notification just committed, for its reader's streams or every admin's. */
export type News =
  { feed: 'staff'; item: NotificationItem } | { feed: 'user'; recipientId: string; item: NotificationItem };

/** These notifications (just committed), in commit order, each as its reader or the staff feed gets it. */
export async function readNew(pool: pg.Pool, ids: string[]): Promise<News[]> {
  const { rows } = await pool.query<NotificationRow>(
    `select ${ITEM_COLUMNS} from notifications n where n.id = any($1::uuid[]) order by n.seq`,
    [ids],
  );
  return rows.flatMap((row): News[] => {
    if (row.audience === 'staff') return [{ feed: 'staff', item: toNotificationItem(row, false) }];
    if (!row.recipient_id) return [];
    return [{ feed: 'user', recipientId: row.recipient_id, item: toNotificationItem(row, row.read_at !== null) }];
  });
}

/** The notifications of these streams' readers after `seq` (the newest RESUME_LIMIT each, oldest first). */
export async function missedSince(
  pool: pg.Pool,
  seq: number,
  streams: LiveStream[],
): Promise<Map<LiveStream, { feed: Feed; item: NotificationItem }[]>> {
  const userIds = [...new Set(streams.map((stream) => stream.userId))];
  const adminIds = [...new Set(streams.filter((stream) => stream.isAdmin).map((stream) => stream.userId))];
  const result = new Map<LiveStream, { feed: Feed; item: NotificationItem }[]>();
  const { rows: own } = await pool.query<NotificationRow>(
    `select * from (
       select ${ITEM_COLUMNS}, row_number() over (partition by n.recipient_id order by n.seq desc) as rank
       from notifications n where n.recipient_id = any($1::text[]) and n.seq > $2
     ) n where rank <= ${RESUME_LIMIT} order by seq`,
    [userIds, seq],
  );
  let staff: (NotificationRow & { admin_id: string })[] = [];
  if (adminIds.length > 0) {
    ({ rows: staff } = await pool.query<NotificationRow & { admin_id: string }>(
      `select ${ITEM_COLUMNS}, a.id as admin_id,
         exists (select 1 from staff_notification_reads r where r.notification_id = n.id and r.admin_id = a.id) as staff_read
       from (select * from notifications where audience = 'staff' and seq > $2 order by seq desc limit ${RESUME_LIMIT}) n
       cross join unnest($1::text[]) as a(id)
       order by n.seq`,
      [adminIds, seq],
    ));
  }
  for (const stream of streams) {
    const events: { seq: number; feed: Feed; item: NotificationItem }[] = [];
    for (const row of own) {
      if (row.recipient_id !== stream.userId) continue;
      const item = toNotificationItem(row, row.read_at !== null);
      events.push({ seq: item.seq, feed: 'user', item });
    }
    if (stream.isAdmin) {
      for (const row of staff) {
        if (row.admin_id !== stream.userId) continue;
        const item = toNotificationItem(row, Boolean(row.staff_read));
        events.push({ seq: item.seq, feed: 'staff', item });
      }
    }
    events.sort((a, b) => a.seq - b.seq);
    if (events.length > 0) result.set(stream, events.slice(-RESUME_LIMIT));
  }
  return result;
}

/**
 * Unread counts: a person's own unread, and for admins the staff feed's unread by them; and the
 * newest seq (where a new stream starts from).
 */
export async function countsFor(
  pool: pg.Pool,
  userIds: string[],
  adminIds: string[],
): Promise<{ counts: Map<string, Counts>; maxSeq: number }> {
  const { rows } = await pool.query<{
    id: string;
    user: number;
    staff: number | null;
    max_seq: string | null;
  }>(
    `select u.id,
       (select count(*)::int from notifications n where n.recipient_id = u.id and n.read_at is null) as "user",
       case when u.id = any($2::text[]) then
         (select count(*)::int from notifications n where n.audience = 'staff'
            and not exists (select 1 from staff_notification_reads r where r.notification_id = n.id and r.admin_id = u.id))
       end as staff,
       (select max(seq) from notifications) as max_seq
     from unnest($1::text[]) as u(id)`,
    [userIds, adminIds],
  );
  return {
    counts: new Map(
      rows.map((row) => [row.id, row.staff === null ? { user: row.user } : { user: row.user, staff: row.staff }]),
    ),
    maxSeq: Number(rows[0]?.max_seq ?? 0),
  };
}
