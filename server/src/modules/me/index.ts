// Who is signed in (docs/decisions/032: a module is one plugin).
import type { FastifyPluginAsync } from 'fastify';
import { meRoutes } from './routes.ts';

export const meModule: FastifyPluginAsync = async (app) => {
  await app.register(meRoutes);
};
