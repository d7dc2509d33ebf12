import { queryOptions } from '@tanstack/react-query';
import type { TripDetail } from '@aylal/shared/schemas/trips';
import { apiRequest, ApiRequestError } from '../../../lib/api-client.ts';
import { queryKeys } from '@aylal/shared/query-keys';

export function getTrip(id: string, signal?: AbortSignal) {
  return apiRequest<TripDetail>(`/api/trips/${encodeURIComponent(id)}`, {
    signal,
    // The answer may be kept 30 s by the browser; staff's edits in this tab show at once.
    fresh: true,
  });
}

export const tripQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.trips.detail(id),
    queryFn: ({ signal }) => getTrip(id, signal),
    staleTime: 60_000,
    // A trip that is not there will not appear on a second try.
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status === 404) && failures < 2,
  });
