import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationPage } from '@aylal/shared/notifications';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { apiRequest, queryString } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';
import { queryClient as appQueryClient } from '../../../lib/query-client.ts';

/**
 * The notification calls of the API contract (decision 014): a person's own feed and the staff
 * feed. Every page answered carries the feed's unread count, which is written to the `unread` key
 * as well, so the bell's dot and the sidebar's badge follow whatever list was last asked.
 */
export interface NotificationFilter {
  page: number;
  pageSize: number;
  unread: boolean;
}

type Feed = 'user' | 'staff';

const FEEDS = {
  user: { path: '/api/notifications', keys: queryKeys.notifications },
  staff: { path: '/api/admin/notifications', keys: queryKeys.admin.notifications },
} as const;

export async function getNotifications(feed: Feed, filter: NotificationFilter, signal?: AbortSignal) {
  const search = queryString({ page: filter.page, pageSize: filter.pageSize, unread: filter.unread || undefined });
  const page = await apiRequest<NotificationPage>(`${FEEDS[feed].path}?${search}`, { signal, fresh: true });
  appQueryClient.setQueryData<number>(FEEDS[feed].keys.unread, page.unread);
  return page;
}

const listOptions = (feed: Feed, filter: NotificationFilter) => ({
  queryKey: FEEDS[feed].keys.list(filter),
  queryFn: ({ signal }: { signal: AbortSignal }) => getNotifications(feed, filter, signal),
  placeholderData: keepPreviousData,
});

/** A page of the signed-in person's notifications (the bell's latest, /notifications). */
export function useNotifications(filter: NotificationFilter, enabled = true) {
  return useQuery({ ...listOptions('user', filter), enabled });
}

/** A page of the staff feed (/admin/notifications). */
export function useStaffNotifications(filter: NotificationFilter) {
  return useQuery(listOptions('staff', filter));
}

const unreadOptions = (feed: Feed) => ({
  queryKey: FEEDS[feed].keys.unread,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await getNotifications(feed, { page: 1, pageSize: 1, unread: true }, signal)).unread,
  // The live stream keeps it; asked again only when it reconnects or the cache is told to.
  staleTime: Infinity,
});

/** How many of the person's own notifications are unread (the bell's dot). */
export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadOptions('user'), enabled });
}

/** How many of the staff feed this admin has not read (the sidebar's badge). */
export function useStaffUnreadCount() {
  return useQuery(unreadOptions('staff'));
}

type Page = NotificationPage;

/** Marks items read (or unread) in every cached page of a feed, and moves its unread count. */
function markInCache(client: QueryClient, feed: Feed, ids: Set<string> | 'all', read: boolean) {
  const keys = FEEDS[feed].keys;
  let moved = 0;
  const counted = new Set<string>();
  for (const [key, data] of client.getQueriesData<Page>({ queryKey: keys.lists })) {
    if (!data?.items) continue;
    client.setQueryData<Page>(key, {
      ...data,
      items: data.items.map((item) => {
        if ((ids !== 'all' && !ids.has(item.id)) || item.read === read) return item;
        if (!counted.has(item.id)) {
          counted.add(item.id);
          moved += 1;
        }
        return { ...item, read };
      }),
    });
  }
  client.setQueryData<number>(keys.unread, (count) => {
    if (count === undefined) return count;
    if (ids === 'all' && read) return 0;
    return Math.max(0, count + (read ? -moved : moved));
  });
  for (const [key, data] of client.getQueriesData<Page>({ queryKey: keys.lists })) {
    const count = client.getQueryData<number>(keys.unread);
    if (data?.items && count !== undefined) client.setQueryData<Page>(key, { ...data, unread: count });
  }
}

/** Clicking a notification: read at once here, the server told, every list asked again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onMutate: (id) => markInCache(client, 'user', new Set([id]), true),
    onSettled: () => forget(client, changed.notifications()),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/notifications/read-all', { method: 'POST' }),
    onMutate: () => markInCache(client, 'user', 'all', true),
    onSettled: () => forget(client, changed.notifications()),
  });
}

/** An admin's read state of staff notifications (theirs alone). */
export function useSetStaffRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[]; read: boolean }) =>
      apiRequest<void>('/api/admin/notifications/read', { method: 'POST', body: input }),
    onMutate: ({ ids, read }) => markInCache(client, 'staff', new Set(ids), read),
    onSettled: () => forget(client, changed.staffNotifications()),
  });
}

/** Deletes staff notifications for every admin (decision 014). */
export function useDeleteStaffNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<{ deleted: number }>('/api/admin/notifications/delete', { method: 'POST', body: { ids } }),
    onSettled: () => forget(client, changed.staffNotifications()),
  });
}
