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
import { routeGroup } from '../../lib/route-group.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 403, 404);
const NoContent = z.null().describe('No content');

/** The signed-in person's own notifications (decision 014). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const mine = routeGroup(app, 'notifications', errors, app.requireUser);

  mine.get('/notifications', {
    summary: 'My notifications, newest first (unread=true: only the unread)',
    querystring: NotificationsQuerySchema,
    response: { 200: NotificationPageSchema },
    handler: async (request) => listMine(db, request.user!.id, request.query),
  });

  mine.post('/notifications/read-all', {
    summary: 'Mark all my notifications read',
    changes: [],
    response: { 204: NoContent },
    handler: async (request, reply) => {
      await readAllMine(db, request.user!.id);
      return reply.status(204).send(null);
    },
  });

  mine.post('/notifications/:id/read', {
    summary: 'Mark one of my notifications read',
    changes: [],
    params: NotificationIdParamsSchema,
    response: { 204: NoContent },
    handler: async (request, reply) => {
      await readMine(db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  });
};

/** The staff feed: one list for all admins, read state per admin, bulk delete for all. */
export const adminNotificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const staff = routeGroup(app, 'admin', errors, app.requireAdmin);

  staff.get('/notifications', {
    summary: 'The staff feed, newest first, read or not by me (unread=true: only my unread)',
    querystring: NotificationsQuerySchema,
    response: { 200: NotificationPageSchema },
    handler: async (request) => listStaff(db, request.user!.id, request.query),
  });

  staff.post('/notifications/read', {
    summary: 'Mark staff notifications read or unread, for me only',
    changes: [],
    body: StaffReadRequestSchema,
    response: { 204: NoContent },
    handler: async (request, reply) => {
      await setStaffRead(db, request.user!.id, request.body.ids, request.body.read);
      return reply.status(204).send(null);
    },
  });

  staff.post('/notifications/delete', {
    summary: 'Remove notifications from the staff feed, for every admin',
    changes: [],
    body: StaffDeleteRequestSchema,
    response: { 200: StaffDeleteResponseSchema },
    handler: async (request) => ({ deleted: await deleteStaff(db, request.body.ids) }),
  });
};
