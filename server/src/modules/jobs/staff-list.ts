// Staff's list of jobs (the back office): every job with its applications, searched, filtered,
// sorted and paged.

import { sql, type SQL } from 'drizzle-orm';
import type { AdminJobsQuery, AdminJobsResponse, JobStatus } from '@aylal/shared/schemas/jobs';
import type { Db } from '../../db/client.ts';
import { readCataloguePage } from '../../lib/catalogue.ts';
import { toJobListFields, type JobListColumns } from './mapping.ts';
import { wordFilters } from './public.ts';

const ADMIN_ORDER: Record<AdminJobsQuery['sort'], SQL> = {
  newest: sql`j.created_at desc, j.id`,
  oldest: sql`j.created_at asc, j.id`,
  title: sql`lower(coalesce(nullif(j.title_en, ''), j.title_mn)), j.id`,
  deadline: sql`j.deadline asc, j.id`,
  updated: sql`j.updated_at desc, j.id`,
};

/**
 * Every job for the back office: search, filters, sorting, paging, and each one's applications;
 * "taking applications" is counted on `today`, the agency's.
 */
export async function findJobsForAdmin(db: Db, query: AdminJobsQuery, today: string): Promise<AdminJobsResponse> {
  const filters: SQL[] = [sql`true`, ...wordFilters(sql`j.search_text`, query.q)];
  if (query.status) filters.push(sql`j.status = ${query.status}`);
  // Taking applications: the rule of isTakingApplications, on the agency's today.
  if (query.open) filters.push(sql`j.status = 'published' and j.deadline >= ${today}::date`);
  if (query.type) filters.push(sql`j.type = ${query.type}`);
  const where = sql.join(filters, sql` and `);
  type Row = JobListColumns & { status: JobStatus; applications: number; updated_at: string };
  const { total, items } = await readCataloguePage(
    db,
    query,
    {
      select: sql`
      select j.id, j.title_en, j.title_mn, j.company, j.location_en, j.location_mn, j.type, j.status,
             j.deadline::text as deadline, j.posted_at::text as posted_at, j.updated_at::text as updated_at,
             (select count(*)::int from job_applications a where a.job_id = j.id) as applications
      from jobs j where ${where}
      order by ${ADMIN_ORDER[query.sort]}`,
      table: sql`jobs j`,
      where,
    },
    (row: Row) => ({
      ...toJobListFields(row),
      status: row.status,
      applications: row.applications,
      updatedAt: new Date(row.updated_at).toISOString(),
    }),
  );
  return { total, items };
}
