// The signed-in person's second factor and passkeys (docs/decisions/023, 032).
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../../plugins/auth.ts';
import { secondFactorRoutes } from './routes.ts';

export const secondFactorModule: FastifyPluginAsync<{ db: Db; auth: Auth; config: Config }> = async (app, options) => {
  await app.register(secondFactorRoutes, options);
};
