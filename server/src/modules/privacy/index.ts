// Personal data's lifecycle as one plugin (docs/decisions/027, 032): staff's retention settings
// and holds, and the sweep every process runs (`app.privacySweep`, decorated on the app it is
// registered in).
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../lib/storage.ts';
import { adminPrivacyRoutes } from './admin-routes.ts';
import { PrivacySweep } from './sweep.ts';

export { recordAccess } from './access-records.ts';
export { latestVisaConsent, takeVisaConsent, visaConsentWording } from './consents.ts';
export { eraseTraces } from './erasure.ts';
export { removeQueued } from './removals.ts';
export { getRetention } from './retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Retention, queued file removals and orphan files (docs/decisions/027); `runOnce()` in tests. */
    privacySweep: PrivacySweep;
  }
}

export const privacyModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(adminPrivacyRoutes, { db, prefix: '/admin' });
};

export interface PrivacySweepOptions {
  db: Db;
  storage: Storage;
  publicUrl: string;
  /** The sweep's timings; `start: false` leaves it to `runOnce()` (tests that sweep on a given day). */
  sweep?: { start?: boolean; intervalMs?: number; retryMs?: number };
}

/**
 * At start and every hour, in one process at a time: retention by outcome, old drafts, sent
 * emails' bodies, old access records, queued file removals and orphan files (docs/decisions/027).
 */
export const privacySweepPlugin = fp<PrivacySweepOptions>(
  async (app, { db, storage, publicUrl, sweep }) => {
    const privacySweep = new PrivacySweep({ db, storage, log: app.log, publicUrl, ...sweep });
    app.decorate('privacySweep', privacySweep);
    if (sweep?.start !== false) app.addHook('onReady', async () => privacySweep.start());
    app.addHook('preClose', () => privacySweep.stop());
  },
  { name: 'privacy-sweep' },
);
