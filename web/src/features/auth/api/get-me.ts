import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@aylal/shared/auth';
import { apiRequest, ApiRequestError } from '../../../lib/api-client.ts';

/** The signed-in user, or null when signed out. The server's session cookie is the authority. */
export async function getMe(): Promise<SessionUser | null> {
  try {
    return await apiRequest<SessionUser>('/api/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: getMe,
  staleTime: 5 * 60 * 1000,
  retry: 1,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
