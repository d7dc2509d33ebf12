import { HOME_SHOWCASE_SEARCH } from '@aylal/shared/pages';
import { queryKeys } from '@aylal/shared/query-keys';
import { JobsQuerySchema, JobsResponseSchema } from '@aylal/shared/schemas/jobs';
import { TripsQuerySchema, TripsResponseSchema } from '@aylal/shared/schemas/trips';
import type { Db } from '../../db/client.ts';
import type { QueryKey } from '@aylal/shared/query-keys';
import type { PageLoaders } from '../../plugins/web.ts';
import { findOpenJobs } from '../jobs/service.ts';
import { findPublishedTrips } from '../trips/service.ts';

const showcase = Object.fromEntries(new URLSearchParams(HOME_SHOWCASE_SEARCH));

/**
 * The home page is drawn with the newest published trips and open jobs (the very answers of
 * `/api/trips?pageSize=3` and `/api/jobs?pageSize=3`, from the catalogues' caches). If either read
 * fails the page is still drawn, without that list; the browser asks for it itself.
 */
export function homePage(db: Db): Pick<PageLoaders, 'home'> {
  return {
    home: async (page) => {
      if (!page.withData) return { preloads: [], queries: [] };
      const [trips, jobs] = await Promise.all([
        findPublishedTrips(db, TripsQuerySchema.parse(showcase)).catch(() => null),
        findOpenJobs(db, JobsQuerySchema.parse(showcase)).catch(() => null),
      ]);
      return {
        preloads: [],
        queries: [
          ...(trips
            ? [[queryKeys.trips.list(HOME_SHOWCASE_SEARCH), TripsResponseSchema.parse(trips)] as [QueryKey, unknown]]
            : []),
          ...(jobs
            ? [[queryKeys.jobs.list(HOME_SHOWCASE_SEARCH), JobsResponseSchema.parse(jobs)] as [QueryKey, unknown]]
            : []),
        ],
      };
    },
  };
}
