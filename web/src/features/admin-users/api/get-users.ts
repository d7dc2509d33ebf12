import type { AdminUsersResponse } from '@aylal/shared/schemas/admin-users';
import type { Role } from '@aylal/shared/schemas/auth';

import { queryKeys } from '@aylal/shared/query-keys';
import { useListPage } from '../../../lib/lists/list-state.ts';

export type UsersFilter = {
  q?: string;
  role?: Role;
  /** Created from / to, agency days. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
};

export function useUsers(filter: UsersFilter) {
  return useListPage<AdminUsersResponse>(queryKeys.admin.users.list(filter), '/api/admin/users', filter);
}
