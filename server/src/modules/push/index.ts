// A device's Web Push subscription (docs/decisions/032: a module is one plugin).
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { PushEndpointPolicy } from '../../lib/push-endpoints.ts';
import { pushRoutes } from './routes.ts';

export const pushModule: FastifyPluginAsync<{ db: Db; endpoints: PushEndpointPolicy }> = async (app, options) => {
  await app.register(pushRoutes, options);
};
