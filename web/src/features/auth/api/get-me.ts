import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@aylal/shared/auth';
import { apiRequest, ApiRequestError } from '../../../lib/api-client.ts';

/** Set by the server beside its HttpOnly session cookie; without it there is no session to ask about. */
const SESSION_HINT = /(?:^|;\s*)aylal_signed_in=1/;

/** The signed-in user, or null when signed out. The server's session cookie is the authority. */
export async function getMe(): Promise<SessionUser | null> {
  if (!SESSION_HINT.test(document.cookie)) return null;
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
