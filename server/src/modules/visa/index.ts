// Visa applications as one plugin (docs/decisions/016, 032): the applicant's routes and PDF, and
// staff's, with staff's list kept until anything it shows changes.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ListeningCache } from '../../lib/listening-cache.ts';
import type { PdfRenderer } from '../../lib/pdf-pool.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Notifier } from '../notifications/index.ts';
import { adminVisaRoutes } from './admin-routes.ts';
import { VISA_CHANGES_CHANNEL, VISA_LIST_SHOWS, type VisaListCache } from './list-cache.ts';
import { adminVisaPdfRoutes, visaPdfRoutes } from './pdf-routes.ts';
import type { VisaPdfInput } from './pdf.ts';
import { visaRoutes } from './routes.ts';

/** For the privacy module's access records: an application as staff read it. */
export { getVisaForAdmin } from './staff/read.ts';
export { findVisaApplication, lockVisaApplication } from './load.ts';
export { toVisaCopiedColumns, toVisaForm } from './mapping.ts';
/** For the payments module: what the paid processing costs, and the record made paid. */
export { processingDue, processingPaid, processingRefunded } from './applicant/processing-payment.ts';

declare module '../../lib/pdf-pool.ts' {
  interface PdfInputs {
    visa: VisaPdfInput;
  }
}

/** How the pool's threads draw a submitted application (lib/pdfs.ts). */
export const visaPdfRenderer: PdfRenderer = { url: new URL('./pdf.ts', import.meta.url).href, name: 'renderVisaPdf' };

export const visaModule: FastifyPluginAsync<{
  db: Db;
  storage: Storage;
  notifier: Notifier;
  cacheSeconds: number;
}> = async (app, { db, storage, notifier, cacheSeconds }) => {
  // Staff's list, forgotten by a change to an application staff see, in any process.
  const cache: VisaListCache = new ListeningCache(cacheSeconds * 1000);
  app.changes.keep(cache, { tags: VISA_LIST_SHOWS, channel: VISA_CHANGES_CHANNEL });
  await app.register(visaRoutes, { db, storage, notifier });
  await app.register(visaPdfRoutes, { db });
  await app.register(adminVisaPdfRoutes, { db, prefix: '/admin' });
  await app.register(adminVisaRoutes, { db, storage, cache, notifier, prefix: '/admin' });
};
