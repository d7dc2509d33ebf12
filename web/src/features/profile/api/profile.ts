import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileResponse } from '@aylal/shared/schemas/profile';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest, ApiRequestError } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session.ts';

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

/** PUT /api/profile; the session then shows the new name and phone (and hasProfile). */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profile: Profile) => apiRequest<ProfileResponse>('/api/profile', { method: 'PUT', body: profile }),
    onSuccess: async (saved) => {
      client.setQueryData(queryKeys.profile, saved);
      await refreshSession();
    },
  });
}
