import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConfirmIdentityRequestSchema, SecondFactorStatusSchema } from '@aylal/shared/schemas/second-factor';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';
import type { Auth } from '../../plugins/auth.ts';
import { confirmIdentity, getSecondFactorStatus, removePasskey } from './service.ts';

/**
 * /api/account/second-factor, /api/account/confirm and /api/account/passkeys/:id (docs/decisions/023):
 * the signed-in caller's own, never another's. Setting the factor up is Better Auth's
 * /api/auth/two-factor/* and /api/auth/passkey/*.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth; config: Config }> = async (
  app,
  { db, auth, config },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/account/second-factor',
    {
      schema: {
        tags: ['account'],
        summary:
          "The caller's second factor (backup codes left), whether this session gave it, until when it is freshly signed in, and (admins) whether it may act as staff",
        response: { 200: SecondFactorStatusSchema, ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSecondFactorStatus(db, auth, config.STAFF_TWO_FACTOR, request.user!, request.sessionState!);
    },
  );

  app.post(
    '/account/confirm',
    {
      config: { changes: ['session'] },
      schema: {
        tags: ['account'],
        summary:
          'Confirm it is you with the password or a code (app or backup): the session is freshly signed in for 15 minutes, and a code gives it the second factor',
        body: ConfirmIdentityRequestSchema,
        response: { 200: SecondFactorStatusSchema, ...errorAnswers(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      await confirmIdentity(db, auth, request.user!, request.sessionState!, request.body, request.headers.cookie ?? '');
      reply.header('cache-control', 'no-store');
      // The session as it is now (the check read it before the confirmation).
      const state = { ...request.sessionState!, confirmedAt: new Date() };
      if ('code' in request.body) state.secondFactorAt = state.confirmedAt;
      return getSecondFactorStatus(db, auth, config.STAFF_TWO_FACTOR, request.user!, state);
    },
  );

  app.delete(
    '/account/passkeys/:id',
    {
      config: { changes: ['session'] },
      schema: {
        tags: ['account'],
        summary: "Remove one of the caller's passkeys (on a fresh sign-in); answers where the second factor stands now",
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: SecondFactorStatusSchema, ...errorAnswers(401, 403, 404) },
      },
      preHandler: app.requireFreshSignIn,
    },
    async (request, reply) => {
      await removePasskey(db, request.user!, request.sessionState!, request.params.id);
      reply.header('cache-control', 'no-store');
      return getSecondFactorStatus(db, auth, config.STAFF_TWO_FACTOR, request.user!, request.sessionState!);
    },
  );
};
