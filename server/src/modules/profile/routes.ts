import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileResponseSchema, ProfileSchema } from '@aylal/shared/schemas/profile';
import { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { SESSION_HINT_COOKIE } from '../../plugins/auth.ts';
import type { Storage } from '../../lib/storage.ts';
import { deleteMyAccount, getMyProfile, saveMyProfile } from './service.ts';
import { exportMyData } from './export.ts';
import { streamMyDataZip } from './export-zip.ts';
import { signOutMyDevice } from './devices.ts';
import { removeQueued } from '../privacy/index.ts';
import { routeGroup } from '../../lib/route-group.ts';
import { errorAnswers } from '../../lib/route-schemas.ts';

const errors = errorAnswers(400, 401, 404);

/** /api/profile: the signed-in user's one profile (no id in the route: only ever the caller's). */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const profile = routeGroup(app, 'profile', errors, app.requireUser);

  profile.get('/profile', {
    summary: "The signed-in user's profile ('Profile not found' until they save one)",
    response: { 200: ProfileResponseSchema },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getMyProfile(db, request.user!.id);
    },
  });

  profile.put('/profile', {
    summary:
      'Create or replace the profile (the first save sets hasProfile; name, phone and language feed the account)',
    changes: ['account'],
    body: ProfileSchema,
    response: { 200: ProfileResponseSchema, 201: ProfileResponseSchema },
    handler: async (request, reply) => {
      const { created, ...saved } = await saveMyProfile(db, request.user!.id, request.body);
      return reply.status(created ? 201 : 200).send(saved);
    },
  });
};

/**
 * /api/account: what the product holds about the caller, to take away or to erase. `storage` holds
 * their visa documents (the ZIP export); `publicUrl` makes the export's download links absolute.
 */
export const accountRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: Storage;
  notifier: Notifier;
  publicUrl: string;
}> = async (app, { db, storage, notifier, publicUrl }) => {
  app.addHook('onRequest', app.requireUser);
  const context = await app.auth.$context;
  const account = routeGroup(app, 'account', {});

  app.get(
    '/account/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Everything the product holds about the caller, as one JSON file (an attachment)',
      },
    },
    async (request, reply) => {
      const data = await exportMyData(db, request.user!.id, publicUrl);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', attachment(`aylal-my-data-${day}.json`))
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get(
    '/account/export.zip',
    {
      schema: {
        tags: ['account'],
        summary:
          "The export's JSON and every visa document's file, as one ZIP streamed as it is written; FRESH_SIGN_IN_REQUIRED unless signed in or confirmed within 15 minutes",
      },
      // It holds passport scans and bank statements, as the document route does (docs/decisions/023).
      preHandler: app.requireFreshSignIn,
    },
    async (request, reply) => {
      const { exportedAt, stream } = await streamMyDataZip(db, storage, publicUrl, request.user!.id);
      return reply
        .header('content-disposition', attachment(`aylal-my-data-${exportedAt.slice(0, 10)}.zip`))
        .header('cache-control', 'private, no-store')
        .type('application/zip')
        .send(stream);
    },
  );

  account.delete('/account/sessions/:id', {
    summary: "Sign one of the caller's devices out, by its session's id (404 for anyone else's)",
    changes: ['session'],
    params: z.object({ id: z.string().min(1).max(100) }),
    response: { 204: z.null(), 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
    handler: async (request, reply) => {
      await signOutMyDevice(db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.delete(
    '/account',
    {
      config: { changes: ['account', 'session', 'consultation', 'contact', 'visa', 'job-application'] },
      schema: {
        tags: ['account'],
        summary:
          'Delete the account and everything it holds (upcoming consultations cancelled, applications withdrawn)',
        response: {
          200: z.object({ cancelledConsultations: z.number().int(), withdrawnApplications: z.number().int() }),
          401: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { files, ...result } = await deleteMyAccount(db, notifier, request.user!.id);
      // Its files leave the store now; any the store refuses stay listed for the sweep's retries.
      await removeQueued(db, app.uploads, request.log, files).catch((error: unknown) =>
        request.log.warn({ err: error }, 'stored files of a deleted account wait for the sweep'),
      );
      // The sessions went with the account; the browser forgets its cookies too.
      const session = context.authCookies.sessionToken;
      const secure = session.attributes.secure ? '; Secure' : '';
      reply.header('set-cookie', [
        `${session.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`,
        `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`,
      ]);
      return result;
    },
  );
};
