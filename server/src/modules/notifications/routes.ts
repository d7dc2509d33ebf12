import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotificationIdParamsSchema,
  NotificationPageSchema,
  NotificationsQuerySchema,
  StaffDeleteRequestSchema,
  StaffDeleteResponseSchema,
  StaffReadRequestSchema,
} from '@aylal/shared/schemas/notifications';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { deleteStaff, listMine, listStaff, readAllMine, readMine, setStaffRead } from './service.ts';
import { errorAnswers, routeSchemas } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 403, 404);
const NoContent = z.null().describe('No content');
const notificationsSchema = routeSchemas('notifications', errors);

/** The signed-in person's own notifications (decision 014). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/notifications',
    {
      schema: notificationsSchema('My notifications, newest first (unread=true: only the unread)', {
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationPageSchema },
      }),
    },
    async (request) => listMine(db, request.user!.id, request.query),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { changes: [] },
      schema: notificationsSchema('Mark all my notifications read', { response: { 204: NoContent } }),
    },
    async (request, reply) => {
      await readAllMine(db, request.user!.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { changes: [] },
      schema: notificationsSchema('Mark one of my notifications read', {
        params: NotificationIdParamsSchema,
        response: { 204: NoContent },
      }),
    },
    async (request, reply) => {
      await readMine(db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

const staffSchema = routeSchemas('admin', errors);

/** The staff feed: one list for all admins, read state per admin, bulk delete for all. */
export const adminNotificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/notifications',
    {
      schema: staffSchema('The staff feed, newest first, read or not by me (unread=true: only my unread)', {
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationPageSchema },
      }),
    },
    async (request) => listStaff(db, request.user!.id, request.query),
  );

  app.post(
    '/notifications/read',
    {
      config: { changes: [] },
      schema: staffSchema('Mark staff notifications read or unread, for me only', {
        body: StaffReadRequestSchema,
        response: { 204: NoContent },
      }),
    },
    async (request, reply) => {
      await setStaffRead(db, request.user!.id, request.body.ids, request.body.read);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notifications/delete',
    {
      config: { changes: [] },
      schema: staffSchema('Remove notifications from the staff feed, for every admin', {
        body: StaffDeleteRequestSchema,
        response: { 200: StaffDeleteResponseSchema },
      }),
    },
    async (request) => ({ deleted: await deleteStaff(db, request.body.ids) }),
  );
};
