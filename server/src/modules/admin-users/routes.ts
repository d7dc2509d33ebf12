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
import { errorAnswers, routeSchemas } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 403);
/** How many sessions ended. */
const RevokeSessionsResponseSchema = z.object({ revoked: z.number().int() });
const UserParamsSchema = z.object({ id: z.string().min(1).max(100) });
const staffSchema = routeSchemas('admin', errors);

/** /api/admin/users: every route refuses anonymous callers (401) and role user (403). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/users',
    {
      schema: staffSchema('Users, newest first, paged and searchable by name or email', {
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersResponseSchema },
      }),
    },
    async (request) => findUsers(db, request.query),
  );

  app.patch(
    '/users/:id/role',
    {
      config: { changes: ['account', 'session'] },
      schema: staffSchema("Promote a user to admin or demote an admin to user (never one's own role)", {
        params: UserParamsSchema,
        body: SetRoleRequestSchema,
        response: { 200: AdminUserSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
      }),
    },
    async (request) => setUserRole(db, request.user!.id, request.params.id, request.body.role),
  );

  app.post(
    '/users/:id/sessions/revoke',
    {
      config: { changes: ['session'] },
      schema: staffSchema('Sign a user out on every device (their own sessions included, for an admin)', {
        params: UserParamsSchema,
        response: { 200: RevokeSessionsResponseSchema, 404: ApiErrorSchema },
      }),
    },
    async (request) => ({ revoked: await revokeUserSessions(db, request.params.id) }),
  );
};
