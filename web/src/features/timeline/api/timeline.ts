import { useInfiniteQuery } from '@tanstack/react-query';
import type { TimelineResponse } from '@aylal/shared/schemas/timeline';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest, queryString } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

/** GET /api/account/timeline: one's own story, newest first, a page at a time by cursor. */
export function useTimeline() {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: queryKeys.timeline.of(session.user?.id ?? null),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TimelineResponse>(`/api/account/timeline?${queryString({ cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: Boolean(session.user),
  });
}
