import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminApplicationDetail,
  AdminApplicationsQuery,
  AdminApplicationsResponse,
} from '@aylal/shared/schemas/applications';
import type { ApplicationState, JobStatus } from '@aylal/shared/job-rules';
import type { AdminJobsQuery, AdminJobsResponse, JobDetail, JobInput, JobMaterial } from '@aylal/shared/schemas/jobs';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import { forget } from '../../../lib/forget.ts';
import { useListPage, type PageFilter } from '../../../lib/lists/list-state.ts';

export type AdminJobsFilter = PageFilter<AdminJobsQuery>;

export function useAdminJobs(filter: AdminJobsFilter) {
  return useListPage<AdminJobsResponse>(queryKeys.admin.jobs.list(filter), '/api/admin/jobs', filter);
}

const jobPath = (id: string) => `/api/admin/jobs/${encodeURIComponent(id)}`;

export function useAdminJob(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.admin.jobs.detail(id),
    queryFn: ({ signal }) => apiRequest<JobDetail>(jobPath(id!), { signal }),
    enabled: Boolean(id),
  });
}

/** After a change to a job: the lists, back office and public, and that job's pages are read again. */
function useForgetJob() {
  const client = useQueryClient();
  return (id?: string) => forget(client, changed.job(id));
}

export function useSaveJob() {
  const forgetJob = useForgetJob();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: JobInput }) =>
      id
        ? apiRequest<JobDetail>(jobPath(id), { method: 'PUT', body: input })
        : apiRequest<JobDetail>('/api/admin/jobs', { method: 'POST', body: input }),
    onSuccess: (job) => forgetJob(job.id),
  });
}

export function useSetJobStatus() {
  const forgetJob = useForgetJob();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: JobStatus }) =>
      apiRequest<JobDetail>(`${jobPath(id)}/status`, { method: 'PATCH', body: { status } }),
    onSuccess: (_job, { id }) => forgetJob(id),
  });
}

export function useDeleteJob() {
  const forgetJob = useForgetJob();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(jobPath(id), { method: 'DELETE' }),
    onSuccess: (_done, id) => forgetJob(id),
  });
}

export function useUploadMaterial(jobId: string) {
  const forgetJob = useForgetJob();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiUpload<JobMaterial>(`${jobPath(jobId)}/materials`, body);
    },
    onSuccess: () => forgetJob(jobId),
  });
}

export function useDeleteMaterial(jobId: string) {
  const forgetJob = useForgetJob();
  return useMutation({
    mutationFn: (materialId: string) =>
      apiRequest<null>(`${jobPath(jobId)}/materials/${encodeURIComponent(materialId)}`, { method: 'DELETE' }),
    onSuccess: () => forgetJob(jobId),
  });
}

const APPLICATIONS_PATH = '/api/admin/applications';

export type ApplicationsFilter = PageFilter<AdminApplicationsQuery>;

export function useAdminApplications(filter: ApplicationsFilter) {
  return useListPage<AdminApplicationsResponse>(queryKeys.admin.applications.list(filter), APPLICATIONS_PATH, filter);
}

export function useAdminApplication(id: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.applications.detail(id),
    queryFn: ({ signal }) =>
      apiRequest<AdminApplicationDetail>(`/api/admin/applications/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

function useForgetApplications() {
  const client = useQueryClient();
  return () => forget(client, changed.applications());
}

export function useSetApplicationState() {
  const forgetApplications = useForgetApplications();
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: ApplicationState }) =>
      apiRequest<AdminApplicationDetail>(`/api/admin/applications/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { state },
      }),
    onSuccess: forgetApplications,
  });
}

export function useSetApplicationsState() {
  const forgetApplications = useForgetApplications();
  return useMutation({
    mutationFn: (body: { ids: string[]; state: ApplicationState }) =>
      apiRequest<{ updated: number }>('/api/admin/applications/state', { method: 'POST', body }),
    onSuccess: forgetApplications,
  });
}
