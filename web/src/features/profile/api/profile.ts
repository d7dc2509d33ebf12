import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileResponse } from '@aylal/shared/schemas/profile';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session.ts';

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
