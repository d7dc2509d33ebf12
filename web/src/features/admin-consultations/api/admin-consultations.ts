import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminActionRequest,
  AdminConsultationDetail,
  AdminConsultationsQuery,
  AdminConsultationsResponse,
  CalendarResponse,
  ConsultationPlaceRequest,
} from '@aylal/shared/schemas/consultations';
import type { WorkingHours } from '@aylal/shared/consultation-rules';
import type { AdminTripsResponse } from '@aylal/shared/schemas/trips';
import { apiRequest, queryString } from '../../../lib/api-client.ts';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { forget } from '../../../lib/forget.ts';
import { workingHoursQuery } from '../../../lib/agency-zone.ts';
import { useListPage, type PageFilter } from '../../../lib/lists/list-state.ts';
import { useSaveSetting } from '../../../lib/settings.ts';

const LIST_PATH = '/api/admin/consultations';

export type ConsultationsFilter = PageFilter<AdminConsultationsQuery>;

export function useAdminConsultations(filter: ConsultationsFilter) {
  return useListPage<AdminConsultationsResponse>(queryKeys.admin.consultations.list(filter), LIST_PATH, filter);
}

export function useConsultationCalendar(from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.admin.consultations.calendar(from, to),
    queryFn: ({ signal }) =>
      apiRequest<CalendarResponse>(`/api/admin/consultations/calendar?${queryString({ from, to })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const consultationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.consultations.detail(id),
    queryFn: ({ signal }) =>
      apiRequest<AdminConsultationDetail>(`/api/admin/consultations/${encodeURIComponent(id)}`, { signal }),
  });

export function useConsultation(id: string | null) {
  return useQuery({ ...consultationQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export function useConsultationAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminActionRequest) =>
      apiRequest<AdminConsultationDetail>(`/api/admin/consultations/${encodeURIComponent(id)}/actions`, {
        method: 'POST',
        body: request,
      }),
    onSuccess: (detail) => queryClient.setQueryData(consultationQueryOptions(id).queryKey, detail),
    // Refused or not, what staff see is asked again: the traveller may have moved or cancelled it.
    onSettled: () => forget(queryClient, changed.consultations()),
  });
}

/** Staff set where it happens: the office, another place or a video link (the traveller is told). */
export function useConsultationPlace(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ConsultationPlaceRequest) =>
      apiRequest<AdminConsultationDetail>(`/api/admin/consultations/${encodeURIComponent(id)}/place`, {
        method: 'PUT',
        body: request,
      }),
    onSuccess: (detail) => queryClient.setQueryData(consultationQueryOptions(id).queryKey, detail),
    onSettled: () => forget(queryClient, changed.consultations()),
  });
}

/** Trips to filter by: every trip, drafts included, by title. */
export function useTripChoices() {
  return useQuery({
    queryKey: queryKeys.admin.consultations.tripChoices,
    queryFn: ({ signal }) => apiRequest<AdminTripsResponse>('/api/admin/trips?sort=title&pageSize=100', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useWorkingHours() {
  return useQuery(workingHoursQuery);
}

export function useSaveWorkingHours() {
  const path = '/api/admin/settings/consultation-hours';
  return useSaveSetting<WorkingHours>(queryKeys.admin.workingHours, path, changed.workingHours());
}
