import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Ends every session of a user (a lost phone, an account in the wrong hands). */
export function signOutUser(userId: string) {
  return apiRequest<{ revoked: number }>(`/api/admin/users/${encodeURIComponent(userId)}/sessions/revoke`, {
    method: 'POST',
  });
}

export function useSignOutUser() {
  return useMutation({ mutationFn: (userId: string) => signOutUser(userId) });
}
