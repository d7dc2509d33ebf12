import {
  JobsQuerySchema,
  JobsResponseSchema,
  PublicJobDetailSchema,
  readJobSearch,
  writeJobSearch,
} from '@aylal/shared/schemas/jobs';
import { jobPageTitle } from '@aylal/shared/page-titles';
import { queryKeys } from '@aylal/shared/query-keys';
import { pickText } from '@aylal/shared/trip-rules';
import type { Db } from '../../db/client.ts';
import type { AgencyClock } from '../../lib/agency-clock.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { PageLoaders } from '../../plugins/web.ts';
import { getPublicJob } from './detail.ts';
import { findOpenJobs, type JobListCache } from './public.ts';

const fetchPreload = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`;

/**
 * What the server needs of the job list and a job's page, read once per request (as the trips'
 * pages): a job's description for the head (null for an unknown job: a 404), the preload of its
 * API answer, and the data the page is drawn with.
 */
export function jobPages(db: Db, cache: JobListCache, clock: AgencyClock): Pick<PageLoaders, 'jobs' | 'job'> {
  return {
    jobs: async (page) => {
      const query = writeJobSearch(readJobSearch(page.search)).toString();
      const preloads = [fetchPreload(`/api/jobs${query ? `?${query}` : ''}`)];
      const parsed = JobsQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
      if (!parsed.success) return { preloads, queries: null };
      const found = await clock
        .today()
        .then((today) => findOpenJobs(db, cache, parsed.data, today))
        .catch(() => null);
      if (!found) return { preloads, queries: null };
      return {
        preloads,
        queries: page.withData ? [[queryKeys.jobs.list(query), JobsResponseSchema.parse(found)]] : null,
      };
    },
    job: async (page) => {
      const id = page.params.id;
      if (!id) return { preloads: [], queries: null };
      const job = await clock
        .today()
        .then((today) => getPublicJob(db, id, today))
        .catch(() => null);
      if (!job) return { described: null, preloads: [], queries: null };
      return {
        described: {
          title: jobPageTitle(pickText(job.title, page.language), job.company),
          description: pickText(job.description, page.language).slice(0, 200),
          indexed: job.takingApplications,
        },
        preloads: [fetchPreload(`/api/jobs/${encodeURIComponent(id)}`)],
        queries: page.withData ? [[queryKeys.jobs.detail(id), PublicJobDetailSchema.parse(job)]] : null,
      };
    },
  };
}
