import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../../../lib/api-client.ts';

// Better Auth's endpoints, called with plain fetch (as features/auth does): no auth client library.

export interface DeviceSession {
  id: string;
  token: string;
  userAgent?: string | null;
  createdAt: string;
  updatedAt: string;
}

interface SessionAnswer {
  session: { token: string };
}

/** The signed-in sessions, with which one is this browser's. */
export function useDevices() {
  return useQuery({
    queryKey: queryKeys.account.sessions,
    queryFn: async ({ signal }) => {
      const [sessions, current] = await Promise.all([
        apiRequest<DeviceSession[]>('/api/auth/list-sessions', { signal }),
        apiRequest<SessionAnswer | null>('/api/auth/get-session', { signal }),
      ]);
      const sorted = [...sessions].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      return sorted.map((session) => ({ ...session, current: session.token === current?.session.token }));
    },
    staleTime: 0,
  });
}

/** Whether the account has a password (an email sign-up) or signs in with Google only. */
export function useHasPassword() {
  return useQuery({
    queryKey: queryKeys.account.signIns,
    queryFn: async ({ signal }) => {
      const accounts = await apiRequest<{ providerId: string }[]>('/api/auth/list-accounts', { signal });
      return accounts.some((account) => account.providerId === 'credential');
    },
  });
}

/** Signs one device out (its session ends everywhere at once). */
export function useSignOutDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<unknown>('/api/auth/revoke-session', { method: 'POST', body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}

/** A new password; every other session of the account ends (the server insists). */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiRequest<unknown>('/api/auth/change-password', {
        method: 'POST',
        body: { ...body, revokeOtherSessions: true },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}

/** Deletes the account and everything it holds. */
export function deleteAccount() {
  return apiRequest<{ cancelledConsultations: number; withdrawnApplications: number }>('/api/account', {
    method: 'DELETE',
  });
}

/** Where "Download my data" points: the server answers with the file as an attachment. */
export const EXPORT_URL = '/api/account/export';
