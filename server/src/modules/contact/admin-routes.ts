import { type z } from 'zod';
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
  type AdminContactDetail,
} from '@aylal/shared/schemas/contact';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import { assignContact } from './staff/assign.ts';
import { findContactForAdmin } from './staff/list.ts';
import { markContactRead } from './staff/mark-read.ts';
import { mergeContact } from './staff/merge.ts';
import { addContactNote } from './staff/note.ts';
import { findContactStaff, getContactForAdmin } from './staff/read.ts';
import { replyToContact } from './staff/reply.ts';
import { setContactState, setContactStates } from './staff/state.ts';
import { routeGroup } from '../../lib/route-group.ts';
import { IdParams, errorAnswers } from '../../lib/route-schemas.ts';
import type { ContactListCache } from './list-cache.ts';
import { sendSharedAnswer } from '../../lib/ttl-cache.ts';

const adminErrors = errorAnswers(400, 401, 403, 404, 409);

/**
 * /api/admin/contact-messages: staff's inbox (docs/decisions/017). Admins only. The list's pages are
 * kept in `cache` until any message changes (list-cache.ts).
 */
export const adminContactRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: ContactListCache;
  notifier: Notifier;
}> = async (app, { db, cache, notifier }) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const staff = routeGroup(app, 'admin', adminErrors);

  staff.get('/contact-messages', {
    summary:
      'Conversations (never merged ones; spam only when asked), newest first: by state, type, assignee (`none`: unassigned); search by name, email, reference or subject',
    querystring: AdminContactQuerySchema,
    response: { 200: AdminContactListResponseSchema },
    handler: async (request, reply) =>
      sendSharedAnswer(
        reply,
        await cache.get(JSON.stringify(request.query), () => findContactForAdmin(db, request.query)),
      ),
  });

  staff.get('/contact-messages/staff', {
    summary: 'The admins, by name: whom conversations may be assigned to (the assignee filter)',
    response: { 200: AdminContactStaffResponseSchema },
    handler: async () => ({ items: await findContactStaff(db) }),
  });

  staff.post('/contact-messages/bulk/state', {
    summary: 'Set the state of several conversations at once (all or none)',
    changes: ['contact'],
    body: AdminContactBulkStateRequestSchema,
    response: { 200: AdminContactBulkStateResponseSchema },
    handler: async (request) => setContactStates(db, request.user!.id, request.body.ids, request.body.state),
  });

  staff.get('/contact-messages/:id', {
    summary:
      'One conversation in time order (a merged one: the one it joined). Reading changes nothing: POST …/read marks it read',
    params: IdParams,
    response: { 200: AdminContactDetailSchema },
    handler: async (request) => getContactForAdmin(db, request.params.id),
  });

  staff.post('/contact-messages/:id/read', {
    summary:
      'Staff opened the conversation (the web sends it when its page opens): read from now on, and a new one open. Answers the conversation',
    changes: ['contact'],
    params: IdParams,
    response: { 200: AdminContactDetailSchema },
    handler: async (request) => markContactRead(db, request.user!.id, request.params.id),
  });

  /** A staff action on one conversation: POST /contact-messages/:id/<name>, answering the conversation. */
  const action = <Body extends z.ZodType>(
    name: string,
    summary: string,
    body: Body,
    act: (staffId: string, id: string, body: z.infer<Body>) => Promise<AdminContactDetail>,
  ) =>
    app.post(
      `/contact-messages/:id/${name}`,
      {
        config: { changes: ['contact'] },
        schema: {
          tags: ['admin'],
          summary,
          params: IdParams,
          body,
          response: { 200: AdminContactDetailSchema, ...adminErrors },
        },
      },
      async (request) => act(request.user!.id, request.params.id, request.body as z.infer<Body>),
    );

  action(
    'reply',
    'Reply by email (threaded under the confirmation); the conversation then waits for the customer',
    AdminContactReplyRequestSchema,
    (staffId, id, body) => replyToContact(db, staffId, id, { body: body.body, notifier }),
  );
  action('notes', 'An internal note (staff only)', AdminContactNoteRequestSchema, (staffId, id, body) =>
    addContactNote(db, staffId, id, body.note),
  );
  action('assign', 'Assign to an admin (null: nobody)', AdminContactAssignRequestSchema, (staffId, id, body) =>
    assignContact(db, staffId, id, body.assigneeId),
  );
  action(
    'state',
    'Set the state: open, waiting, resolved or spam',
    AdminContactStateRequestSchema,
    (staffId, id, body) => setContactState(db, staffId, id, body.state),
  );
  action(
    'merge',
    'Merge this conversation into another (by id or reference); answers the one kept. Another person’s (account, or signed out another mailbox): 409 CONTACT_MERGE_OTHER_PERSON naming both, unless confirmDifferentPeople',
    AdminContactMergeRequestSchema,
    (staffId, id, body) => mergeContact(db, staffId, id, body),
  );
};
