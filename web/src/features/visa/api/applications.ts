import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MyVisaApplicationsResponse,
  SaveVisaDraftResponse,
  VisaApplication,
  VisaSubmitRequest,
} from '@aylal/shared/schemas/visa';
import type { VisaForm } from '@aylal/shared/visa-rules';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';

const path = (id: string) => `/api/visa-applications/${encodeURIComponent(id)}`;

/** The signed-in person's applications, newest first, and the add-on's price now. */
export function useMyVisaApplications() {
  return useQuery({
    queryKey: queryKeys.visa.mine,
    queryFn: ({ signal }) => apiRequest<MyVisaApplicationsResponse>('/api/visa-applications', { signal }),
  });
}

export function fetchVisaApplication(id: string, signal?: AbortSignal): Promise<VisaApplication> {
  return apiRequest<VisaApplication>(path(id), { signal });
}

/** One application with its dependants, documents and history (the sections refresh it by this key). */
export function useVisaApplication(id: string) {
  return useQuery({
    queryKey: queryKeys.visa.detail(id),
    queryFn: ({ signal }) => fetchVisaApplication(id, signal),
    staleTime: 0,
  });
}

/** A new draft, prefilled from the profile. */
export function useStartVisaApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<VisaApplication>('/api/visa-applications', { method: 'POST' }),
    onSuccess: async (created) => {
      client.setQueryData(queryKeys.visa.detail(created.id), created);
      await forget(client, [queryKeys.visa.mine]);
    },
  });
}

/** PUT the draft's answers over the version they were based on (VISA_CHANGED when another save came first). */
export function saveVisaDraft(id: string, form: VisaForm, basedOn: number): Promise<SaveVisaDraftResponse> {
  return apiRequest<SaveVisaDraftResponse>(path(id), {
    method: 'PUT',
    body: { form },
    headers: { 'if-match': `"${basedOn}"` },
  });
}

/** Submit (or send again after a change request), with the consent when the review page asked for it. */
export function useSubmitVisaApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VisaSubmitRequest) =>
      apiRequest<VisaApplication>(`${path(id)}/submit`, { method: 'POST', body }),
    onSuccess: async (application) => {
      client.setQueryData(queryKeys.visa.detail(id), application);
      await forget(client, [queryKeys.visa.mine]);
    },
  });
}

export function useWithdrawVisaApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<VisaApplication>(`${path(id)}/withdraw`, { method: 'POST' }),
    onSuccess: async (application) => {
      client.setQueryData(queryKeys.visa.detail(id), application);
      await forget(client, [queryKeys.visa.mine]);
    },
  });
}

/** Deletes a draft (its files with it). */
export function useDeleteVisaDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(path(id), { method: 'DELETE' }),
    onSuccess: async (_nothing, id) => {
      client.removeQueries({ queryKey: queryKeys.visa.detail(id) });
      await forget(client, changed.visa());
    },
  });
}
