import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminUserSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  SetRoleRequestSchema,
} from '@aylal/shared/schemas/admin-users';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import type { Db } from '../../db/client.ts';
import { findUsers, revokeUserSessions, setUserRole } from './service.ts';
import { routeGroup } from '../../lib/route-group.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 403);
/** How many sessions ended. */
const RevokeSessionsResponseSchema = z.object({ revoked: z.number().int() });
const UserParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** /api/admin/users: every route refuses anonymous callers (401) and role user (403). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const staff = routeGroup(app, 'admin', errors, app.requireAdmin);

  staff.get('/users', {
    summary: 'Users, newest first, paged and searchable by name or email',
    querystring: AdminUsersQuerySchema,
    response: { 200: AdminUsersResponseSchema },
    handler: async (request) => findUsers(db, request.query),
  });

  staff.patch('/users/:id/role', {
    summary: "Promote a user to admin or demote an admin to user (never one's own role)",
    changes: ['account', 'session'],
    params: UserParamsSchema,
    body: SetRoleRequestSchema,
    response: { 200: AdminUserSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
    handler: async (request) => setUserRole(db, request.user!.id, request.params.id, request.body.role),
  });

  staff.post('/users/:id/sessions/revoke', {
    summary: 'Sign a user out on every device (their own sessions included, for an admin)',
    changes: ['session'],
    params: UserParamsSchema,
    response: { 200: RevokeSessionsResponseSchema, 404: ApiErrorSchema },
    handler: async (request) => ({ revoked: await revokeUserSessions(db, request.params.id) }),
  });
};
