// A person's profile and account (docs/decisions/015, 027, 032): details, devices, export, deletion.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import type { Storage } from '../../lib/storage.ts';
import { accountRoutes, profileRoutes } from './routes.ts';

export const profileModule: FastifyPluginAsync<{
  db: Db;
  storage: Storage;
  notifier: Notifier;
  publicUrl: string;
}> = async (app, { db, storage, notifier, publicUrl }) => {
  await app.register(profileRoutes, { db });
  await app.register(accountRoutes, { db, storage, notifier, publicUrl });
};
