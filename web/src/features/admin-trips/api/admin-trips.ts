import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTripsQuery, AdminTripsResponse, TripDetail } from '@aylal/shared/trips';
import type { TripStatus } from '@aylal/shared/trip-rules';
import { apiRequest } from '../../../lib/api-client.ts';

export type AdminTripsFilter = Partial<Omit<AdminTripsQuery, 'page' | 'pageSize'>> & { page: number; pageSize: number };

export function getAdminTrips(filter: AdminTripsFilter, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return apiRequest<AdminTripsResponse>(`/api/admin/trips?${params}`, { signal });
}

export const adminTripsQueryOptions = (filter: AdminTripsFilter) =>
  queryOptions({
    queryKey: ['admin', 'trips', filter],
    queryFn: ({ signal }) => getAdminTrips(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminTrips(filter: AdminTripsFilter) {
  return useQuery(adminTripsQueryOptions(filter));
}

export function useSetTripStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TripStatus }) =>
      apiRequest<TripDetail>(`/api/admin/trips/${encodeURIComponent(id)}/status`, {
        method: 'PATCH',
        body: { status },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'trips'] }),
  });
}

export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/admin/trips/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'trips'] }),
  });
}
