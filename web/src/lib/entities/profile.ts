import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '@aylal/shared/schemas/profile';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequestOrNull } from '../api-client.ts';

// The person's profile, which several features read (the profile page edits it, a new CV may start
// from it): one fetcher and one cache entry, `queryKeys.profile`. Saving it is the profile feature's.

/** The profile as saved, or null while there is none (the API's 'Profile not found'). */
export const fetchProfile = (signal?: AbortSignal) =>
  apiRequestOrNull<ProfileResponse>('/api/profile', 'PROFILE_NOT_FOUND', signal);

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
