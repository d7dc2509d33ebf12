import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '@aylal/shared/schemas/admin-users';
import type { Role } from '@aylal/shared/schemas/auth';
import { apiRequest, queryString } from '../../../lib/api-client.ts';
import { queryKeys } from '@aylal/shared/query-keys';

export type UsersFilter = {
  q?: string;
  role?: Role;
  /** Created from / to, agency days. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
};

export function getUsers(filter: UsersFilter, signal?: AbortSignal) {
  return apiRequest<AdminUsersResponse>(`/api/admin/users?${queryString(filter)}`, { signal });
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
