// The staff dashboard as one plugin (docs/decisions/020, 032): each period's answer kept until
// anything it counts changes.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ListeningCache } from '../../lib/listening-cache.ts';
import { DASHBOARD_CHANGES_CHANNEL, DASHBOARD_SHOWS, type DashboardCache } from './cache.ts';
import { adminDashboardRoutes } from './routes.ts';

export const dashboardModule: FastifyPluginAsync<{ db: Db; cacheSeconds: number }> = async (
  app,
  { db, cacheSeconds },
) => {
  const cache: DashboardCache = new ListeningCache(cacheSeconds * 1000);
  app.changes.keep(cache, { tags: DASHBOARD_SHOWS, channel: DASHBOARD_CHANGES_CHANNEL });
  await app.register(adminDashboardRoutes, { db, cache, prefix: '/admin' });
};
