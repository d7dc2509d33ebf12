import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyApplication, MyApplicationsResponse } from '@aylal/shared/schemas/applications';
import type { JobsResponse, PublicJobDetail } from '@aylal/shared/schemas/jobs';
import { apiRequest, ApiRequestError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { forget } from '../../../lib/forget.ts';
import { queryKeys } from '@aylal/shared/query-keys';

/** GET /api/jobs with the search as the page's URL holds it (already API parameters). */
export function getJobs(search: string, signal?: AbortSignal) {
  return apiRequest<JobsResponse>(`/api/jobs${search ? `?${search}` : ''}`, { signal });
}

export const jobsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.jobs.list(search),
    queryFn: ({ signal }) => getJobs(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function getJob(id: string, signal?: AbortSignal) {
  return apiRequest<PublicJobDetail>(`/api/jobs/${encodeURIComponent(id)}`, {
    signal,
    // The answer may be kept 30 s by the browser; staff's edits in this tab show at once.
    fresh: true,
  });
}

export const jobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.jobs.detail(id),
    queryFn: ({ signal }) => getJob(id, signal),
    staleTime: 60_000,
    // A job that is not there will not appear on a second try.
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status === 404) && failures < 2,
  });

/** The signed-in user's applications (none asked for when signed out). */
export function useMyApplications() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.myApplications.of(session.user?.id ?? null),
    queryFn: ({ signal }) => apiRequest<MyApplicationsResponse>('/api/applications', { signal }),
    enabled: Boolean(session.user),
    staleTime: 30_000,
  });
}

/** POST /api/jobs/:id/applications: sends the user's current CV. */
export function useApplyToJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => apiRequest<MyApplication>(`/api/jobs/${jobId}/applications`, { method: 'POST' }),
    onSettled: () => forget(client, [queryKeys.myApplications.all, queryKeys.timeline.all]),
  });
}
