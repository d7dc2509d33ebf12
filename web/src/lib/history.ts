import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntity } from '@aylal/shared/audit-rules';
import type { HistoryResponse } from '@aylal/shared/schemas/audit';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest, queryString } from './api-client.ts';

const PAGE_SIZE = 10;

/** GET /api/admin/history: one record's staff changes, newest first, ten at a time ("Show older"). */
export function useHistory(entity: AuditEntity, id: string | undefined) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.history.of(entity, id ?? ''),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<HistoryResponse>(
        `/api/admin/history?${queryString({ entity, id, page: pageParam, pageSize: PAGE_SIZE })}`,
        {
          signal,
        },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    enabled: Boolean(id),
  });
}
