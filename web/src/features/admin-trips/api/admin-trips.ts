import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminTripsQuery,
  AdminTripsResponse,
  TripDetail,
  TripImage,
  TripInput,
} from '@aylal/shared/schemas/trips';
import type { TripStatus } from '@aylal/shared/trip-rules';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { forget } from '../../../lib/forget.ts';
import { useListPage, type PageFilter } from '../../../lib/lists/list-state.ts';

export type AdminTripsFilter = PageFilter<AdminTripsQuery>;

export function useAdminTrips(filter: AdminTripsFilter) {
  return useListPage<AdminTripsResponse>(queryKeys.admin.trips.list(filter), '/api/admin/trips', filter);
}

export function useSetTripStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TripStatus }) =>
      apiRequest<TripDetail>(`/api/admin/trips/${encodeURIComponent(id)}/status`, {
        method: 'PATCH',
        body: { status },
      }),
    onSuccess: (_trip, { id }) => forget(queryClient, changed.trip(id)),
  });
}

export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/admin/trips/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_done, id) => forget(queryClient, changed.trip(id)),
  });
}

export function getAdminTrip(id: string, signal?: AbortSignal) {
  return apiRequest<TripDetail>(`/api/admin/trips/${encodeURIComponent(id)}`, { signal });
}

export function useAdminTrip(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.admin.trips.detail(id),
    queryFn: ({ signal }) => getAdminTrip(id!, signal),
    enabled: Boolean(id),
  });
}

export function useSaveTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TripInput }) =>
      id
        ? apiRequest<TripDetail>(`/api/admin/trips/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : apiRequest<TripDetail>('/api/admin/trips', { method: 'POST', body: input }),
    onSuccess: (trip) => {
      queryClient.setQueryData(queryKeys.admin.trips.detail(trip.id), trip);
      return forget(queryClient, changed.trip(trip.id));
    },
  });
}

/** Uploads one picture (multipart) and refreshes the trip. */
export function useUploadTripImage(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set('file', file);
      return apiUpload<TripImage>(`/api/admin/trips/${encodeURIComponent(tripId)}/images`, body);
    },
    onSuccess: () => forget(queryClient, changed.trip(tripId)),
  });
}

export function useDeleteTripImage(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      apiRequest<null>(`/api/admin/trips/${encodeURIComponent(tripId)}/images/${encodeURIComponent(imageId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => forget(queryClient, changed.trip(tripId)),
  });
}

/** Puts the pictures in a new order (every picture id, once). */
export function useOrderTripImages(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<TripImage[]>(`/api/admin/trips/${encodeURIComponent(tripId)}/images/order`, {
        method: 'PUT',
        body: { ids },
      }),
    onSettled: () => forget(queryClient, changed.trip(tripId)),
  });
}

/** Changes a picture's description in both languages. */
export function useSetTripImageAlt(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, alt }: { imageId: string; alt: { en: string; mn: string } }) =>
      apiRequest<TripImage>(`/api/admin/trips/${encodeURIComponent(tripId)}/images/${encodeURIComponent(imageId)}`, {
        method: 'PATCH',
        body: { alt },
      }),
    onSuccess: () => forget(queryClient, changed.trip(tripId)),
  });
}
