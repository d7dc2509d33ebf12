// The signed-in person's own story (docs/decisions/018, 032).
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { timelineRoutes } from './routes.ts';

export const timelineModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(timelineRoutes, { db });
};
