import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminApplicationDetail,
  AdminApplicationsQuery,
  AdminApplicationsResponse,
} from '@aylal/shared/schemas/applications';
import type { ApplicationState, JobStatus } from '@aylal/shared/job-rules';
import type { AdminJobsQuery, AdminJobsResponse, JobDetail, JobInput, JobMaterial } from '@aylal/shared/schemas/jobs';
import { apiRequest, queryString } from '../../../lib/api-client.ts';

export type AdminJobsFilter = Partial<Omit<AdminJobsQuery, 'page' | 'pageSize'>> & { page: number; pageSize: number };

export function useAdminJobs(filter: AdminJobsFilter) {
  return useQuery({
    queryKey: ['admin', 'jobs', filter],
    queryFn: ({ signal }) => apiRequest<AdminJobsResponse>(`/api/admin/jobs?${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

const jobPath = (id: string) => `/api/admin/jobs/${encodeURIComponent(id)}`;

export function useAdminJob(id: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'job', id],
    queryFn: ({ signal }) => apiRequest<JobDetail>(jobPath(id!), { signal }),
    enabled: Boolean(id),
  });
}

/** After any change to jobs: the back office's lists and the public ones are read again. */
function useForgetJobs() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin', 'jobs'] }),
      client.invalidateQueries({ queryKey: ['admin', 'job'] }),
      client.invalidateQueries({ queryKey: ['jobs'] }),
      client.invalidateQueries({ queryKey: ['job'] }),
    ]);
}

export function useSaveJob() {
  const forget = useForgetJobs();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: JobInput }) =>
      id
        ? apiRequest<JobDetail>(jobPath(id), { method: 'PUT', body: input })
        : apiRequest<JobDetail>('/api/admin/jobs', { method: 'POST', body: input }),
    onSuccess: forget,
  });
}

export function useSetJobStatus() {
  const forget = useForgetJobs();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: JobStatus }) =>
      apiRequest<JobDetail>(`${jobPath(id)}/status`, { method: 'PATCH', body: { status } }),
    onSuccess: forget,
  });
}

export function useDeleteJob() {
  const forget = useForgetJobs();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(jobPath(id), { method: 'DELETE' }),
    onSuccess: forget,
  });
}

export function useUploadMaterial(jobId: string) {
  const forget = useForgetJobs();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest<JobMaterial>(`${jobPath(jobId)}/materials`, { method: 'POST', body });
    },
    onSuccess: forget,
  });
}

export function useDeleteMaterial(jobId: string) {
  const forget = useForgetJobs();
  return useMutation({
    mutationFn: (materialId: string) =>
      apiRequest<null>(`${jobPath(jobId)}/materials/${encodeURIComponent(materialId)}`, { method: 'DELETE' }),
    onSuccess: forget,
  });
}

export type ApplicationsFilter = Partial<Omit<AdminApplicationsQuery, 'page' | 'pageSize'>> & {
  page: number;
  pageSize: number;
};

export function useAdminApplications(filter: ApplicationsFilter) {
  return useQuery({
    queryKey: ['admin', 'applications', filter],
    queryFn: ({ signal }) =>
      apiRequest<AdminApplicationsResponse>(`/api/admin/applications?${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminApplication(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'application', id],
    queryFn: ({ signal }) =>
      apiRequest<AdminApplicationDetail>(`/api/admin/applications/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

function useForgetApplications() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin', 'applications'] }),
      client.invalidateQueries({ queryKey: ['admin', 'application'] }),
      client.invalidateQueries({ queryKey: ['admin', 'jobs'] }),
    ]);
}

export function useSetApplicationState() {
  const forget = useForgetApplications();
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: ApplicationState }) =>
      apiRequest<AdminApplicationDetail>(`/api/admin/applications/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { state },
      }),
    onSuccess: forget,
  });
}

export function useSetApplicationsState() {
  const forget = useForgetApplications();
  return useMutation({
    mutationFn: (body: { ids: string[]; state: ApplicationState }) =>
      apiRequest<{ updated: number }>('/api/admin/applications/state', { method: 'POST', body }),
    onSuccess: forget,
  });
}
