import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@aylal/shared/query-keys';
import { apiRequest } from '../../../lib/api-client.ts';

// Better Auth's endpoints, called with plain fetch (as features/auth does): no auth client library.

/** A signed-in device as the server lists it: by id, never its token (decision 022). */
export interface DeviceSession {
  id: string;
  userAgent?: string | null;
  createdAt: string;
  updatedAt: string;
  /** This browser's own session. */
  current: boolean;
}

/** The signed-in sessions, newest activity first, with which one is this browser's. */
export function useDevices() {
  return useQuery({
    queryKey: queryKeys.account.sessions,
    queryFn: async ({ signal }) => {
      const sessions = await apiRequest<DeviceSession[]>('/api/auth/list-sessions', { signal });
      return [...sessions].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
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

/** Signs one device out by its session's id (it ends everywhere at once). */
export function useSignOutDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
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

/**
 * Where "Download my files (ZIP)" points: the same data and every uploaded visa document, as one
 * attachment; it needs a fresh sign-in, as the documents do (decision 023).
 */
export const EXPORT_ZIP_URL = '/api/account/export.zip';

/** Sends the address-verification link again, to the signed-in account's own address (limited). */
export function sendVerificationLink(email: string) {
  return apiRequest<unknown>('/api/auth/send-verification-email', { method: 'POST', body: { email } });
}
