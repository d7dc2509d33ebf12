import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cv, CvResponse } from '@aylal/shared/schemas/cv';
import { apiRequest, apiRequestOrNull } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session.ts';
import { queryKeys } from '@aylal/shared/query-keys';

/** The user's CV as saved now, or null while they have none (the API's 'CV not found'). */
export const fetchCv = (signal?: AbortSignal) => apiRequestOrNull<CvResponse>('/api/cv', 'CV_NOT_FOUND', signal);

/**
 * The user's CV, or null while they have none; read afresh each time the editor opens. `hasCv`
 * is the session's word: without a CV nothing is asked (an empty state is not a refused request),
 * and while the session is not known yet neither.
 */
export function useCv(hasCv: boolean | undefined) {
  return useQuery({
    queryKey: queryKeys.cv,
    queryFn: ({ signal }) => (hasCv ? fetchCv(signal) : null),
    enabled: hasCv !== undefined,
    staleTime: 0,
    retry: 1,
  });
}

/**
 * PUT /api/cv over the version the editor opened (`basedOn`, 0 for a first CV): a save made
 * elsewhere meanwhile is refused with CV_CHANGED. Without `basedOn` it saves over whatever is
 * there (the person chose to keep theirs). The first save also marks the session as having a CV.
 */
export function useSaveCv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ cv, basedOn }: { cv: Cv; basedOn?: number }) =>
      apiRequest<CvResponse>('/api/cv', {
        method: 'PUT',
        body: cv,
        headers: basedOn === undefined ? {} : { 'if-match': `"${basedOn}"` },
      }),
    onSuccess: async (saved) => {
      client.setQueryData(queryKeys.cv, saved);
      await refreshSession();
    },
  });
}
