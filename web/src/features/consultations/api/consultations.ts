import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookConsultationRequest,
  Consultation,
  MyConsultationsResponse,
  SlotsResponse,
} from '@aylal/shared/schemas/consultations';
import type { MyVisaApplicationsResponse } from '@aylal/shared/schemas/visa';
import { isActive } from '@aylal/shared/consultation-rules';
import { apiRequest } from '../../../lib/api-client.ts';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { forget } from '../../../lib/forget.ts';

export const slotsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.consultations.slots,
    queryFn: ({ signal }) => apiRequest<SlotsResponse>('/api/consultations/slots', { signal }),
    // Someone else may take a slot at any moment: always ask afresh when the picker opens.
    staleTime: 0,
  });

export function useSlots(enabled = true) {
  return useQuery({ ...slotsQueryOptions(), enabled });
}

export const myConsultationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.consultations.mine,
    queryFn: ({ signal }) => apiRequest<MyConsultationsResponse>('/api/consultations', { signal }),
  });

export function useMyConsultations(enabled = true) {
  return useQuery({ ...myConsultationsQueryOptions(), enabled });
}

/** The traveller's upcoming active consultation about a trip, if they have one. */
export function useUpcomingConsultation(tripId: string, signedIn: boolean): Consultation | undefined {
  const mine = useMyConsultations(signedIn);
  if (!signedIn) return undefined;
  const now = Date.now();
  return mine.data?.items.find(
    (item) => item.trip?.id === tripId && isActive(item.state) && Date.parse(item.endsAt) > now,
  );
}

/** The traveller's visa applications (the visa page's list): what a visa consultation may be about. */
export function useMyVisaApplications() {
  return useQuery({
    queryKey: queryKeys.visa.mine,
    queryFn: ({ signal }) => apiRequest<MyVisaApplicationsResponse>('/api/visa-applications', { signal }),
  });
}

/** The reader's own IANA zone; the server writes the traveller's emails in it. */
export function viewerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function useConsultationMutation<Input>(request: (input: Input) => Promise<Consultation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // Whatever happened (booked, moved, cancelled or refused because the slot went), the open
    // slots and the traveller's list are asked again.
    onSettled: () => forget(queryClient, changed.consultations()),
  });
}

export function useBookConsultation() {
  return useConsultationMutation((input: BookConsultationRequest) =>
    apiRequest<Consultation>('/api/consultations', {
      method: 'POST',
      body: { ...input, timeZone: viewerTimeZone() },
    }),
  );
}

export function useRescheduleConsultation() {
  return useConsultationMutation(({ id, startsAt }: { id: string; startsAt: string }) =>
    apiRequest<Consultation>(`/api/consultations/${encodeURIComponent(id)}/reschedule`, {
      method: 'POST',
      body: { startsAt },
    }),
  );
}

export function useCancelConsultation() {
  return useConsultationMutation((id: string) =>
    apiRequest<Consultation>(`/api/consultations/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
  );
}
