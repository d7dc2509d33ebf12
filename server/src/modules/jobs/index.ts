// Jobs as one plugin (docs/decisions/032): the public listings and staff's, and the public list's
// answers, shared per process and forgotten by a change to a job.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../lib/storage.ts';
import { createCatalogueCache } from '../../lib/catalogue.ts';
import { adminJobsRoutes, jobsRoutes } from './routes.ts';
import type { JobListCache } from './public.ts';

export { findOpenJobs, listOpenJobPaths, type JobListCache } from './public.ts';
export { insertJobs } from './service.ts';
export { jobPages } from './page-data.ts';

/** The public list's answers, kept `seconds` (CATALOGUE_CACHE_SECONDS; 0: none); the page loaders read it too. */
export const createJobListCache = (seconds: number): JobListCache => createCatalogueCache(seconds);

export const jobsModule: FastifyPluginAsync<{ db: Db; storage: Storage; cache: JobListCache }> = async (
  app,
  { db, storage, cache },
) => {
  app.changes.keep(cache, { tags: ['job'] });
  await app.register(jobsRoutes, { db, storage, cache });
  await app.register(adminJobsRoutes, { db, storage, prefix: '/admin' });
};
