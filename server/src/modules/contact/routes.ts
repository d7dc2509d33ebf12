import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContactFormTokenResponseSchema,
  ContactMineItemSchema,
  ContactMineResponseSchema,
  ContactRequestSchema,
  ContactResponseSchema,
} from '@aylal/shared/schemas/contact';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import type { Config } from '../../config.ts';
import { routeGroup } from '../../lib/route-group.ts';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import { requestLanguage } from '../../lib/messages.ts';
import { issueContactFormToken } from './form-token.ts';
import { findMyContactMessages, getMyContactMessage, sendContactMessage } from './service.ts';

/**
 * /api/contact: the contact form (anyone may send; signed in, the message is linked to the
 * account) and a signed-in person's own messages (docs/decisions/017).
 */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; notifier: Notifier }> = async (
  app,
  { db, config, notifier },
) => {
  const contact = routeGroup(app, 'contact', {});

  contact.get('/contact/form-token', {
    summary:
      'The form opens: a token of this moment, signed by the server, for POST /api/contact (sent at least 3 s and at most 6 h later)',
    response: { 200: ContactFormTokenResponseSchema },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { token: issueContactFormToken(config.AUTH_SECRET) };
    },
  });

  contact.post('/contact', {
    summary:
      'Send a message (anonymous allowed): answers its reference. Refused, and not stored, when the hidden field is filled in or the form token is missing, forged, under 3 s or over 6 h old (unless signed in with a verified email); at most 20 an hour per address and 5 per email (CONTACT_TOO_MANY)',
    changes: ['contact'],
    body: ContactRequestSchema,
    response: { 201: ContactResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
    preHandler: app.readUser,
    handler: async (request, reply) => {
      const answer = await sendContactMessage(
        db,
        notifier,
        {
          userId: request.user?.id ?? null,
          address: request.ip,
          secret: config.AUTH_SECRET,
          language: requestLanguage(request.headers),
          publicUrl: config.PUBLIC_URL,
        },
        request.body,
      );
      return reply.code(201).send(answer);
    },
  });

  contact.get('/contact/mine', {
    summary: 'My messages sent while signed in, newest first, with the replies (never staff notes)',
    response: { 200: ContactMineResponseSchema, 401: ApiErrorSchema },
    preHandler: app.requireUser,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return findMyContactMessages(db, request.user!.id);
    },
  });

  contact.get('/contact/mine/:id', {
    summary: 'One of my messages with the replies (anyone else’s: 404)',
    params: z.object({ id: z.string().max(100) }),
    response: { 200: ContactMineItemSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
    preHandler: app.requireUser,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getMyContactMessage(db, request.user!.id, request.params.id);
    },
  });
};
