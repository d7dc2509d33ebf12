import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TripsResponse } from '@aylal/shared/schemas/trips';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '@aylal/shared/query-keys';

/** GET /api/trips with the search as the page's URL holds it (already API parameters). */
export function getTrips(search: string, signal?: AbortSignal) {
  return apiRequest<TripsResponse>(`/api/trips${search ? `?${search}` : ''}`, { signal });
}

export const tripsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.trips.list(search),
    queryFn: ({ signal }) => getTrips(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
