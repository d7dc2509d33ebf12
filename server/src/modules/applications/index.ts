// Job applications as one plugin (docs/decisions/009, 032): a person's, and staff's.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { adminApplicationsRoutes, applicationsRoutes } from './routes.ts';

export const applicationsModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(applicationsRoutes, { db });
  await app.register(adminApplicationsRoutes, { db, prefix: '/admin' });
};
