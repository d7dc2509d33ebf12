import { z } from 'zod';
import { ROLES } from './auth.ts';

export const ADMIN_USERS_PAGE_SIZE_MAX = 100;

export const AdminUsersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  /** Created from / to, days on the agency's calendar (YYYY-MM-DD). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE_MAX).default(20),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = z.object({
  items: z.array(AdminUserSchema),
  total: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

export const SetRoleRequestSchema = z.object({ role: z.enum(ROLES) });
export type SetRoleRequest = z.infer<typeof SetRoleRequestSchema>;
