import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@aylal/shared/query-keys';
import { apiRequest } from './api-client.ts';
import { forget } from './forget.ts';

/** A back-office setting (Settings), read whole from `path`. */
export function useSetting<T>(queryKey: QueryKey, path: string) {
  return useQuery({ queryKey, queryFn: ({ signal }) => apiRequest<T>(path, { signal }) });
}

/** A setting saved whole to `path`: the answer becomes what it reads, and what it changes (`changes`) is asked again. */
export function useSaveSetting<T>(queryKey: QueryKey, path: string, changes: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: T) => apiRequest<T>(path, { method: 'PUT', body: value }),
    onSuccess: (saved) => {
      client.setQueryData(queryKey, saved);
      return forget(client, changes);
    },
  });
}
