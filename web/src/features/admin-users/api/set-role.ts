import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@aylal/shared/schemas/admin-users';
import type { Role } from '@aylal/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { changed } from '@aylal/shared/query-keys';
import { forget } from '../../../lib/forget.ts';

export function setRole(userId: string, role: Role) {
  return apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/role`, {
    method: 'PATCH',
    body: { role },
  });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => setRole(userId, role),
    onSuccess: () => forget(queryClient, changed.users()),
  });
}
