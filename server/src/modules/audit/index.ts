// Who changed what (docs/decisions/018, 032): every module records its staff's changes through
// `recordChange`; staff read one record's history here.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { adminHistoryRoutes } from './routes.ts';

export { recordChange, type AuditValues } from './record.ts';
export { saveSettingsRow } from './settings-row.ts';

export const auditModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(adminHistoryRoutes, { db, prefix: '/admin' });
};
