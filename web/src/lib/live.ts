import { useEffect } from 'react';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import {
  isNotificationType,
  NOTIFICATION_TYPES,
  type NotificationItem,
  type NotificationPage,
  type StreamEvent,
} from '@aylal/shared/notifications';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { forget } from './forget.ts';
import { queryClient } from './query-client.ts';
import { forgetSignedIn, getMe, setSessionUser } from './session.ts';

/**
 * The live client (decision 014): one EventSource per tab to `/api/notifications/stream` while
 * someone is signed in, shared by every screen that wants it (the public header's bell, the back
 * office), closed when the last of them goes (sign-out). Its events write the data cache, so the
 * bell's dot, /notifications and the sidebar's badge follow without polling:
 * - `notification`: the new item goes first in every cached first page of its feed (later pages
 *   are asked again), and its feed's unread count goes up; a staff one also has the back office's
 *   lists and record pages of its topic asked again (`changed.staffNews`: an application sent
 *   again shows on the page staff have open);
 * - `unread`: the counts as the server has them; when one differs from the cache (read in another
 *   tab, marked unread, deleted) the feed's lists are asked again.
 * The browser reconnects by itself and sends `Last-Event-ID`; what changed meanwhile without an
 * event (counts) is asked again when the stream opens anew.
 * - `ended` (decision 024): the server ended the stream because its session ended (signed out,
 *   revoked, a password changed elsewhere, demoted) or the role changed. The tab asks who is
 *   signed in now: nobody, and it forgets the person (the header and guards follow, the cache is
 *   emptied, no reconnect); someone, and it takes their role (the staff feed is dropped for a
 *   user) and connects again. A stream the server refused (401 after such an end) is asked the
 *   same way before any retry, so a signed-out tab stops reconnecting.
 */
export const STREAM_URL = '/api/notifications/stream';

/** After the server refused or dropped the stream for good (a restart, a 503): try again after this. */
const RETRY_MS = 5_000;

type Feed = 'user' | 'staff';
type Page = NotificationPage;

const KEYS: Record<Feed, { all: QueryKey; lists: QueryKey; unread: QueryKey }> = {
  user: queryKeys.notifications,
  staff: queryKeys.admin.notifications,
};

function isPage(value: unknown): value is Page {
  return typeof value === 'object' && value !== null && Array.isArray((value as Page).items);
}

/** A new notification into the cache of its feed. */
export function receiveNotification(client: QueryClient, feed: Feed, item: NotificationItem) {
  const keys = KEYS[feed];
  let fresh = true;
  for (const [key, data] of client.getQueriesData<Page | InfiniteData<Page>>({ queryKey: keys.lists })) {
    if (!isPage(data)) continue;
    if (data.items.some((known) => known.id === item.id)) {
      fresh = false;
      continue;
    }
    if (data.page !== 1) {
      void client.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    client.setQueryData<Page>(key, {
      ...data,
      items: [item, ...data.items].slice(0, data.pageSize),
      total: data.total + 1,
      unread: data.unread + (item.read ? 0 : 1),
    });
  }
  // A resumed stream may send again what a list already holds: counted once.
  if (fresh && !item.read) {
    client.setQueryData<number>(keys.unread, (count) => (count === undefined ? count : count + 1));
  }
  if (feed === 'staff' && isNotificationType(item.type))
    void forget(client, changed.staffNews(NOTIFICATION_TYPES[item.type].topic));
}

/** The unread count of a feed as the server has it. */
export function receiveUnread(client: QueryClient, feed: Feed, count: number) {
  const keys = KEYS[feed];
  const known = client.getQueryData<number>(keys.unread);
  client.setQueryData<number>(keys.unread, count);
  const listed = client
    .getQueriesData<Page>({ queryKey: keys.lists })
    .some(([, data]) => isPage(data) && data.unread !== count);
  if ((known !== undefined && known !== count) || listed) void client.invalidateQueries({ queryKey: keys.lists });
}

function parse(event: MessageEvent): unknown {
  try {
    return JSON.parse(String(event.data));
  } catch {
    return null;
  }
}

let source: EventSource | null = null;
let users = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
let opened = false;

/** Tries to connect again after RETRY_MS, if someone still wants the stream. */
function retryLater() {
  clearTimeout(retry);
  retry = setTimeout(() => {
    if (users > 0 && source === null) connect();
  }, RETRY_MS);
}

/**
 * The server ended or refused the stream: who is signed in now decides what follows (nobody:
 * signed out, no reconnect; someone: their current role, and the stream again).
 */
function askWhoIsSignedIn(reconnectAtOnce: boolean) {
  getMe().then(
    (user) => {
      if (!user) {
        forgetSignedIn();
        return;
      }
      setSessionUser(user);
      if (user.role !== 'admin') queryClient.removeQueries({ queryKey: KEYS.staff.all });
      if (reconnectAtOnce && users > 0 && source === null) connect();
      else retryLater();
    },
    // Not known (the server is away): try again later.
    () => retryLater(),
  );
}

function connect() {
  clearTimeout(retry);
  const stream = new EventSource(STREAM_URL, { withCredentials: true });
  source = stream;
  stream.addEventListener('ended', () => {
    // The last event: the browser must not reconnect on its own with a session that has ended.
    stream.close();
    if (source !== stream) return;
    source = null;
    askWhoIsSignedIn(true);
  });
  stream.addEventListener('notification', (event) => {
    const data = parse(event as MessageEvent) as Omit<Extract<StreamEvent, { type: 'notification' }>, 'type'> | null;
    if (data?.item && (data.feed === 'user' || data.feed === 'staff'))
      receiveNotification(queryClient, data.feed, data.item);
  });
  stream.addEventListener('unread', (event) => {
    const data = parse(event as MessageEvent) as Omit<Extract<StreamEvent, { type: 'unread' }>, 'type'> | null;
    if (typeof data?.user === 'number') receiveUnread(queryClient, 'user', data.user);
    if (typeof data?.staff === 'number') receiveUnread(queryClient, 'staff', data.staff);
  });
  stream.addEventListener('open', () => {
    // A reconnect: counts may have moved while the stream was down.
    if (opened) {
      void queryClient.invalidateQueries({ queryKey: KEYS.user.all });
      void queryClient.invalidateQueries({ queryKey: KEYS.staff.all });
    }
    opened = true;
  });
  stream.addEventListener('error', () => {
    // The browser retries a dropped stream itself; one the server refused is closed for good:
    // signed out (401), or a server that is away (503), which the session's answer tells apart.
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    source = null;
    askWhoIsSignedIn(false);
  });
}

/** Starts the tab's stream (or joins it); the returned function leaves it, closing it after the last. */
export function joinLive(): () => void {
  users += 1;
  if (users === 1 && source === null && typeof EventSource !== 'undefined') {
    opened = false;
    connect();
  }
  let left = false;
  return () => {
    if (left) return;
    left = true;
    users -= 1;
    if (users > 0) return;
    clearTimeout(retry);
    source?.close();
    source = null;
  };
}

/** Keeps the live stream open while the component is shown for a signed-in person (`userId`). */
export function useLive(userId: string | null | undefined) {
  useEffect(() => (userId ? joinLive() : undefined), [userId]);
}
