// The public job listings (docs/decisions/032): the search's pages of open jobs, kept per process
// until a job changes, and the sitemap's entries.

import { sql, type SQL } from 'drizzle-orm';
import { JOBS_TOTAL_CAP, type JobsQuery, type JobsResponse } from '@aylal/shared/schemas/jobs';
import type { Db } from '../../db/client.ts';
import { keptAnswer, readCataloguePage, type CatalogueCache } from '../../lib/catalogue.ts';
import { escapeLike } from '../../lib/sql-text.ts';
import type { SharedAnswer } from '../../lib/ttl-cache.ts';
import { toJobListFields, type JobListColumns } from './mapping.ts';

/** The public list's answers (lib/catalogue.ts), made by the jobs module; the pages the server draws read them too. */
export type JobListCache = CatalogueCache<JobsResponse>;

/** Every word must appear somewhere in the searched text (each is trigram indexed). */
export function wordFilters(column: SQL, q: string | undefined): SQL[] {
  if (!q) return [];
  return q
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => sql`${column} like ${`%${escapeLike(word)}%`}`);
}

interface ListRow extends JobListColumns {
  summary_en: string;
  summary_mn: string;
  skills_en: string[];
  skills_mn: string[];
}

async function queryOpenJobs(db: Db, query: JobsQuery, today: string): Promise<JobsResponse> {
  const filters: SQL[] = [sql`j.status = 'published'`, sql`j.deadline >= ${today}`];
  if (query.type) filters.push(sql`j.type = ${query.type}`);
  filters.push(...wordFilters(sql`j.search_text`, query.q));
  const where = sql.join(filters, sql` and `);
  return readCataloguePage(
    db,
    query,
    {
      select: sql`
      select j.id, j.title_en, j.title_mn, j.company, j.location_en, j.location_mn, j.type,
             left(j.description_en, 240) as summary_en, left(j.description_mn, 240) as summary_mn,
             j.skills as skills_en, j.skills_mn, j.deadline::text as deadline, j.posted_at::text as posted_at
      from jobs j
      where ${where}
      order by j.posted_at desc nulls last, j.id`,
      table: sql`jobs j`,
      where,
      cap: JOBS_TOTAL_CAP,
    },
    (row: ListRow) => ({
      ...toJobListFields(row),
      summary: { en: row.summary_en, mn: row.summary_mn },
      skills: { en: row.skills_en, mn: row.skills_mn },
    }),
  );
}

/**
 * Published jobs whose deadline has not passed on `today` (the agency's), matching the search,
 * newest first (with its JSON).
 */
export function findOpenJobsAnswer(
  db: Db,
  cache: JobListCache,
  query: JobsQuery,
  today: string,
): Promise<SharedAnswer<JobsResponse>> {
  return keptAnswer(cache, `${today} ${JSON.stringify(query)}`, () => queryOpenJobs(db, query, today));
}

/** Published jobs whose deadline has not passed, matching the search, newest first. */
export async function findOpenJobs(
  db: Db,
  cache: JobListCache,
  query: JobsQuery,
  today: string,
): Promise<JobsResponse> {
  return (await findOpenJobsAnswer(db, cache, query, today)).value;
}

/** Sitemap entries: the newest jobs open on `today` (the agency's). */
export async function listOpenJobPaths(db: Db, today: string, limit = 25_000): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`select id from jobs where status = 'published' and deadline >= ${today}
        order by posted_at desc nulls last limit ${limit}`,
  );
  return rows.rows.map((row) => `/jobs/${row.id}`);
}
