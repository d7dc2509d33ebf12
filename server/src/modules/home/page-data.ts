import { HOME_SHOWCASE_SEARCH } from '@aylal/shared/pages';
import { queryKeys } from '@aylal/shared/query-keys';
import { JobsQuerySchema, JobsResponseSchema } from '@aylal/shared/schemas/jobs';
import { TripsQuerySchema, TripsResponseSchema } from '@aylal/shared/schemas/trips';
import type { Db } from '../../db/client.ts';
import type { AgencyClock } from '../../lib/agency-clock.ts';
import type { QueryKey } from '@aylal/shared/query-keys';
import type { PageLoaders } from '../../plugins/web.ts';
import { findOpenJobs, listOpenJobPaths, type JobListCache } from '../jobs/index.ts';
import { findPublishedTrips, listPublishedTripPaths, type TripCatalogueCache } from '../trips/index.ts';

const showcase = Object.fromEntries(new URLSearchParams(HOME_SHOWCASE_SEARCH));

/**
 * The home page is drawn with the newest published trips and open jobs (the very answers of
 * `/api/trips?pageSize=3` and `/api/jobs?pageSize=3`, from the catalogues' caches). If either read
 * fails the page is still drawn, without that list; the browser asks for it itself.
 */
export function homePage(
  db: Db,
  caches: { trips: TripCatalogueCache; jobs: JobListCache },
  clock: AgencyClock,
): Pick<PageLoaders, 'home'> {
  return {
    home: async (page) => {
      if (!page.withData) return { preloads: [], queries: [] };
      const [trips, jobs] = await Promise.all([
        findPublishedTrips(db, caches.trips, TripsQuerySchema.parse(showcase)).catch(() => null),
        clock
          .today()
          .then((today) => findOpenJobs(db, caches.jobs, JobsQuerySchema.parse(showcase), today))
          .catch(() => null),
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

/** The sitemap's trip and job pages, newest first; each list gets half the room, and the room the other leaves. */
export async function listSitemapPaths(db: Db, clock: AgencyClock, limit: number): Promise<string[]> {
  const [tripPaths, jobPaths] = await Promise.all([
    listPublishedTripPaths(db, limit),
    clock.today().then((today) => listOpenJobPaths(db, today, limit)),
  ]);
  const jobs = jobPaths.slice(0, Math.max(limit - tripPaths.length, Math.floor(limit / 2)));
  return [...tripPaths.slice(0, limit - jobs.length), ...jobs];
}
