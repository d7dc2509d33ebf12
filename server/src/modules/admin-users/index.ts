// Staff's list of accounts and their roles (docs/decisions/032: a module is one plugin).
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { adminUsersRoutes } from './routes.ts';

export const adminUsersModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(adminUsersRoutes, { db, prefix: '/admin' });
};
