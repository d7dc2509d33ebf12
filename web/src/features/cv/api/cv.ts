import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cv, CvResponse } from '@aylal/shared/cv';
import { apiRequest, ApiRequestError } from '../../../lib/api-client.ts';
import { refreshSession } from '../../auth/api/get-me.ts';

const CV = ['cv'] as const;

/** The user's CV, or null while they have none (the API's 'CV not found'). */
export function useCv() {
  return useQuery({
    queryKey: CV,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<CvResponse>('/api/cv', { signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.code === 'CV_NOT_FOUND') return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: 1,
  });
}

/** PUT /api/cv; the first save also marks the session as having a CV. */
export function useSaveCv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cv: Cv) => apiRequest<CvResponse>('/api/cv', { method: 'PUT', body: cv }),
    onSuccess: async (saved) => {
      client.setQueryData(CV, saved);
      await refreshSession();
    },
  });
}
