import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import type { RetentionSettings } from '@aylal/shared/retention';
import { apiRequest } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';

const PATH = '/api/admin/settings/retention';

/** The retention schedule (docs/decisions/027): days after each outcome. */
export function useRetention() {
  return useQuery({
    queryKey: queryKeys.admin.retention,
    queryFn: ({ signal }) => apiRequest<RetentionSettings>(PATH, { signal }),
  });
}

export function useSaveRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: RetentionSettings) => apiRequest<RetentionSettings>(PATH, { method: 'PUT', body: settings }),
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.admin.retention, settings);
      // Every decided application's deletion date moves with it.
      return forget(client, [queryKeys.visa.all, queryKeys.admin.visa.all, ...changed.settings()]);
    },
  });
}
