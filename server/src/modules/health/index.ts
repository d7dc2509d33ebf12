// Whether the app and its database answer (docs/decisions/032: a module is one plugin).
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { healthRoutes } from './routes.ts';

export const healthModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(healthRoutes, { db });
};
