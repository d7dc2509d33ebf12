import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardDays } from '@aylal/shared/dashboard';
import type { DashboardResponse } from '@aylal/shared/schemas/dashboard';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../../../lib/api-client.ts';

export function getDashboard(days: DashboardDays, signal?: AbortSignal) {
  return apiRequest<DashboardResponse>(`/api/admin/dashboard?days=${days}`, { signal });
}

/** The dashboard of the last `days` days: asked again on every visit (it sums up every list). */
export function useDashboard(days: DashboardDays) {
  return useQuery({
    queryKey: queryKeys.admin.dashboard(days),
    queryFn: ({ signal }) => getDashboard(days, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
