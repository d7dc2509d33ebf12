import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminContactAssignRequestSchema,
  AdminContactBulkStateRequestSchema,
  AdminContactBulkStateResponseSchema,
  AdminContactDetailSchema,
  AdminContactListResponseSchema,
  AdminContactMergeRequestSchema,
  AdminContactNoteRequestSchema,
  AdminContactQuerySchema,
  AdminContactReplyRequestSchema,
  AdminContactStaffResponseSchema,
  AdminContactStateRequestSchema,
} from '@aylal/shared/schemas/contact';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import type { Db } from '../../db/client.ts';
import {
  addContactNote,
  assignContact,
  findContactForAdmin,
  findContactStaff,
  mergeContact,
  openContactForAdmin,
  replyToContact,
  setContactState,
  setContactStates,
} from './back-office.ts';
import type { ContactListCache } from './list-cache.ts';
import { sendSharedAnswer } from '../../lib/ttl-cache.ts';

const IdParams = z.object({ id: z.string().max(100) });
const adminErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/**
 * /api/admin/contact-messages: staff's inbox (docs/decisions/017). Admins only. The list's pages are
 * kept in `list` until any message changes (list-cache.ts).
 */
export const adminContactRoutes: FastifyPluginAsyncZod<{ db: Db; list: ContactListCache }> = async (
  app,
  { db, list },
) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/contact-messages',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Conversations (never merged ones; spam only when asked), newest first: by state, type, assignee (`none`: unassigned); search by name, email, reference or subject',
        querystring: AdminContactQuerySchema,
        response: { 200: AdminContactListResponseSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      sendSharedAnswer(
        reply,
        await list.get(JSON.stringify(request.query), () => findContactForAdmin(db, request.query)),
      ),
  );

  app.get(
    '/contact-messages/staff',
    {
      schema: {
        tags: ['admin'],
        summary: 'The admins, by name: whom conversations may be assigned to (the assignee filter)',
        response: { 200: AdminContactStaffResponseSchema, ...adminErrors },
      },
    },
    async () => ({ items: await findContactStaff(db) }),
  );

  app.post(
    '/contact-messages/bulk/state',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set the state of several conversations at once (all or none)',
        body: AdminContactBulkStateRequestSchema,
        response: { 200: AdminContactBulkStateResponseSchema, ...adminErrors },
      },
    },
    async (request) => setContactStates(db, request.user!.id, request.body.ids, request.body.state),
  );

  app.get(
    '/contact-messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'One conversation in time order (a merged one: the one it joined). Opening it marks it read, and a new one open',
        params: IdParams,
        response: { 200: AdminContactDetailSchema, ...adminErrors },
      },
    },
    async (request) => openContactForAdmin(db, request.user!.id, request.params.id),
  );

  app.post(
    '/contact-messages/:id/reply',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reply by email (threaded under the confirmation); the conversation then waits for the customer',
        params: IdParams,
        body: AdminContactReplyRequestSchema,
        response: { 200: AdminContactDetailSchema, ...adminErrors },
      },
    },
    async (request) => replyToContact(db, request.user!.id, request.params.id, request.body.body),
  );

  app.post(
    '/contact-messages/:id/notes',
    {
      schema: {
        tags: ['admin'],
        summary: 'An internal note (staff only)',
        params: IdParams,
        body: AdminContactNoteRequestSchema,
        response: { 200: AdminContactDetailSchema, ...adminErrors },
      },
    },
    async (request) => addContactNote(db, request.user!.id, request.params.id, request.body.note),
  );

  app.post(
    '/contact-messages/:id/assign',
    {
      schema: {
        tags: ['admin'],
        summary: 'Assign to an admin (null: nobody)',
        params: IdParams,
        body: AdminContactAssignRequestSchema,
        response: { 200: AdminContactDetailSchema, ...adminErrors },
      },
    },
    async (request) => assignContact(db, request.user!.id, request.params.id, request.body.assigneeId),
  );

  app.post(
    '/contact-messages/:id/state',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set the state: open, waiting, resolved or spam',
        params: IdParams,
        body: AdminContactStateRequestSchema,
        response: { 200: AdminContactDetailSchema, ...adminErrors },
      },
    },
    async (request) => setContactState(db, request.user!.id, request.params.id, request.body.state),
  );

  app.post(
    '/contact-messages/:id/merge',
    {
      schema: {
        tags: ['admin'],
        summary: 'Merge this conversation into another (by id or reference); answers the one kept',
        params: IdParams,
        body: AdminContactMergeRequestSchema,
        response: { 200: AdminContactDetailSchema, ...adminErrors },
      },
    },
    async (request) => mergeContact(db, request.user!.id, request.params.id, request.body.into),
  );
};
