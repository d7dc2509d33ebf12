// What the web needs to know about this installation (docs/decisions/032: a module is one plugin).
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { publicConfigRoutes } from './routes.ts';

export const publicConfigModule: FastifyPluginAsync<{ config: Config; vapidPublicKey: string }> = async (
  app,
  options,
) => {
  await app.register(publicConfigRoutes, options);
};
