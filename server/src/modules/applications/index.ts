// Job applications as one plugin (docs/decisions/009, 032): a person's, and staff's.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import { adminApplicationsRoutes, applicationsRoutes } from './routes.ts';

export const applicationsModule: FastifyPluginAsync<{ db: Db; notifier: Notifier }> = async (app, { db, notifier }) => {
  await app.register(applicationsRoutes, { db, notifier });
  await app.register(adminApplicationsRoutes, { db, notifier, prefix: '/admin' });
};
