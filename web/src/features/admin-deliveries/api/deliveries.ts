import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@aylal/shared/query-keys';
import type { AdminDeliveriesResponse, RetryDeliveriesRequest } from '@aylal/shared/schemas/deliveries';
import { apiRequest } from '../../../lib/api-client.ts';

/** While staff look, the list follows the queue: a retry being sent leaves it by itself. */
const REFRESH_MS = 30_000;

/** The emails and pushes that failed for good or are being retried (issue 26). */
export function useDeliveries() {
  return useQuery({
    queryKey: queryKeys.admin.deliveries,
    queryFn: ({ signal }) => apiRequest<AdminDeliveriesResponse>('/api/admin/deliveries', { signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** Tries the named ones again now (all of them without `items`); the list is read again after. */
export function useRetryDeliveries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: RetryDeliveriesRequest) =>
      apiRequest<{ retried: number }>('/api/admin/deliveries/retry', { method: 'POST', body: request }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.deliveries }),
  });
}
