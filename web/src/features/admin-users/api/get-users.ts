import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '@aylal/shared/schemas/admin-users';
import type { Role } from '@aylal/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '@aylal/shared/query-keys';

export interface UsersFilter {
  q?: string;
  role?: Role;
  page: number;
  pageSize: number;
}

export function getUsers(filter: UsersFilter, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.q) params.set('q', filter.q);
  if (filter.role) params.set('role', filter.role);
  return apiRequest<AdminUsersResponse>(`/api/admin/users?${params}`, { signal });
}

export const usersQueryOptions = (filter: UsersFilter) =>
  queryOptions({
    queryKey: queryKeys.admin.users.list(filter),
    queryFn: ({ signal }) => getUsers(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(filter: UsersFilter) {
  return useQuery(usersQueryOptions(filter));
}
