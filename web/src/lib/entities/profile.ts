import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '@aylal/shared/schemas/profile';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest, ApiRequestError } from '../api-client.ts';

// The person's profile, which several features read (the profile page edits it, a new CV may start
// from it): one fetcher and one cache entry, `queryKeys.profile`. Saving it is the profile feature's.

/** The profile as saved, or null while there is none (the API's 'Profile not found'). */
export async function fetchProfile(signal?: AbortSignal): Promise<ProfileResponse | null> {
  try {
    return await apiRequest<ProfileResponse>('/api/profile', { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'PROFILE_NOT_FOUND') return null;
    throw error;
  }
}

/** The profile, read afresh when the page opens; `hasProfile` from the session spares the 404. */
export function useProfile(hasProfile: boolean | undefined) {
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => (hasProfile ? fetchProfile(signal) : null),
    enabled: hasProfile !== undefined,
    staleTime: 0,
    retry: 1,
  });
}

/** The profile asked afresh into the same cache entry (null while there is none), for a one-off use. */
export function readProfile(client: QueryClient): Promise<ProfileResponse | null> {
  return client.fetchQuery({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    staleTime: 0,
  });
}
