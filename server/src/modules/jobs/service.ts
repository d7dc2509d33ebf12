import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { agencyToday } from '@aylal/shared/job-rules';
import type {
  AdminJobListItem,
  AdminJobsQuery,
  AdminJobsResponse,
  JobDetail,
  JobInput,
  JobListItem,
  JobsQuery,
  JobsResponse,
  JobStatus,
} from '@aylal/shared/schemas/jobs';
import { JOBS_TOTAL_CAP } from '@aylal/shared/schemas/jobs';
import type { Db, Tx } from '../../db/client.ts';
import { jobMaterials, jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeLike, isUuid } from '../../lib/sql-text.ts';
import { sharedAnswer, type TtlCache, type SharedAnswer } from '../../lib/ttl-cache.ts';
import { recordChange, type AuditValues } from '../audit/index.ts';
import { toJobDetail, toJobRow } from './mapping.ts';

/**
 * The public list changes a few times a day and is read constantly: answers are shared for
 * CATALOGUE_CACHE_SECONDS per process (the jobs module makes it), and this process forgets them at
 * once when an admin changes a job (a route's `changes: ['job']`).
 */
export type JobListCache = TtlCache<SharedAnswer<JobsResponse>>;

/** Every word must appear somewhere in the searched text (each is trigram indexed). */
function wordFilters(column: SQL, q: string | undefined): SQL[] {
  if (!q) return [];
  return q
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => sql`${column} like ${`%${escapeLike(word)}%`}`);
}

interface ListRow extends Record<string, unknown> {
  id: string;
  title_en: string;
  title_mn: string;
  company: string;
  location_en: string;
  location_mn: string;
  type: JobListItem['type'];
  summary_en: string;
  summary_mn: string;
  skills_en: string[];
  skills_mn: string[];
  deadline: string;
  posted_at: string | null;
}

async function queryOpenJobs(db: Db, query: JobsQuery, today: string): Promise<JobsResponse> {
  const filters: SQL[] = [sql`j.status = 'published'`, sql`j.deadline >= ${today}`];
  if (query.type) filters.push(sql`j.type = ${query.type}`);
  filters.push(...wordFilters(sql`j.search_text`, query.q));
  const where = sql.join(filters, sql` and `);
  const [page, count] = await Promise.all([
    db.execute<ListRow>(sql`
      select j.id, j.title_en, j.title_mn, j.company, j.location_en, j.location_mn, j.type,
             left(j.description_en, 240) as summary_en, left(j.description_mn, 240) as summary_mn,
             j.skills as skills_en, j.skills_mn, j.deadline::text as deadline, j.posted_at::text as posted_at
      from jobs j
      where ${where}
      order by j.posted_at desc nulls last, j.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    // Counting stops past the cap: an exact total of a huge match costs a scan and helps no one.
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from (select 1 from jobs j where ${where} limit ${JOBS_TOTAL_CAP + 1}) matches`,
    ),
  ]);
  const counted = count.rows[0]?.total ?? 0;
  return {
    total: Math.min(counted, JOBS_TOTAL_CAP),
    totalCapped: counted > JOBS_TOTAL_CAP,
    items: page.rows.map((row) => ({
      id: row.id,
      title: { en: row.title_en, mn: row.title_mn },
      company: row.company,
      location: { en: row.location_en, mn: row.location_mn },
      type: row.type,
      summary: { en: row.summary_en, mn: row.summary_mn },
      skills: { en: row.skills_en, mn: row.skills_mn },
      deadline: row.deadline,
      postedAt: row.posted_at ? new Date(row.posted_at).toISOString() : null,
    })),
  };
}

/** Published jobs whose deadline has not passed, matching the search, newest first (with its JSON). */
export function findOpenJobsAnswer(db: Db, cache: JobListCache, query: JobsQuery): Promise<SharedAnswer<JobsResponse>> {
  const today = agencyToday();
  return cache.get(`${today} ${JSON.stringify(query)}`, () => queryOpenJobs(db, query, today).then(sharedAnswer));
}

/** Published jobs whose deadline has not passed, matching the search, newest first. */
export async function findOpenJobs(db: Db, cache: JobListCache, query: JobsQuery): Promise<JobsResponse> {
  return (await findOpenJobsAnswer(db, cache, query)).value;
}

/** An id that cannot be a job's is simply not found (a mistyped link is not a bad request). */
function assertJobId(id: string) {
  if (!isUuid(id)) throw new AppError('JOB_NOT_FOUND');
}

async function loadJob(db: Db, id: string, publicOnly: boolean): Promise<JobDetail> {
  assertJobId(id);
  const [row] = await db
    .select()
    .from(jobs)
    .where(publicOnly ? and(eq(jobs.id, id), inArray(jobs.status, ['published', 'closed'])) : eq(jobs.id, id))
    .limit(1);
  if (!row) throw new AppError('JOB_NOT_FOUND');
  const materials = await db
    .select()
    .from(jobMaterials)
    .where(eq(jobMaterials.jobId, id))
    .orderBy(asc(jobMaterials.position));
  return toJobDetail(row, materials);
}

/** A job's public page: published and closed jobs (a closed one says so); drafts are not found. */
export function getPublicJob(db: Db, id: string): Promise<JobDetail> {
  return loadJob(db, id, true);
}

/** Any job, for the back office. */
export function getJob(db: Db, id: string): Promise<JobDetail> {
  return loadJob(db, id, false);
}

/** What a job's history compares: the form's fields, skills as saved (each once). */
function auditView(input: JobInput): AuditValues {
  return { ...input, skills: { en: [...new Set(input.skills.en)], mn: [...new Set(input.skills.mn)] } };
}

/** The job as saved, for its history, under the row lock of the change that follows. */
async function lockJobForAudit(tx: Tx, id: string): Promise<AuditValues | null> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
  if (!row) return null;
  const { id: _id, materials: _m, postedAt: _p, createdAt: _c, updatedAt: _u, ...input } = toJobDetail(row, []);
  return input;
}

export async function createJob(db: Db, actorId: string, input: JobInput): Promise<JobDetail> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobs)
      .values({ ...toJobRow(input), postedAt: input.status === 'published' ? new Date() : null })
      .returning({ id: jobs.id });
    await recordChange(tx, { actor: actorId, entity: 'job', id: row!.id, action: 'create' });
    return row!.id;
  });
  return getJob(db, id);
}

export async function updateJob(db: Db, actorId: string, id: string, input: JobInput): Promise<JobDetail> {
  assertJobId(id);
  await db.transaction(async (tx) => {
    const before = await lockJobForAudit(tx, id);
    if (!before) throw new AppError('JOB_NOT_FOUND');
    await tx
      .update(jobs)
      .set({
        ...toJobRow(input),
        // The posted date is the first publication's; later edits do not move it.
        postedAt: input.status === 'published' ? sql`coalesce(${jobs.postedAt}, now())` : jobs.postedAt,
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, id));
    await recordChange(tx, { actor: actorId, entity: 'job', id, action: 'update', before, after: auditView(input) });
  });
  return getJob(db, id);
}

/** Publish, close or take back to draft. */
export async function setJobStatus(db: Db, actorId: string, id: string, status: JobStatus): Promise<JobDetail> {
  assertJobId(id);
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)).for('update');
    if (!before) throw new AppError('JOB_NOT_FOUND');
    await tx
      .update(jobs)
      .set({
        status,
        postedAt: status === 'published' ? sql`coalesce(${jobs.postedAt}, now())` : jobs.postedAt,
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, id));
    await recordChange(tx, { actor: actorId, entity: 'job', id, action: 'status', before, after: { status } });
  });
  return getJob(db, id);
}

/** Deletes a job and its files; applications keep the job's title and the CV they carried. */
export async function deleteJob(db: Db, actorId: string, id: string): Promise<string[]> {
  assertJobId(id);
  const files = await db.select({ key: jobMaterials.fileKey }).from(jobMaterials).where(eq(jobMaterials.jobId, id));
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
    if (deleted.length === 0) throw new AppError('JOB_NOT_FOUND');
    await recordChange(tx, { actor: actorId, entity: 'job', id, action: 'delete' });
  });
  return files.map((file) => file.key);
}

/** Inserts many jobs at once (demo content, benchmarks); answers their ids in the order given. */
export async function insertJobs(db: Db, inputs: JobInput[], postedAt?: (index: number) => Date): Promise<string[]> {
  const rows = await db
    .insert(jobs)
    .values(
      inputs.map((input, index) => {
        const posted = input.status === 'draft' ? null : (postedAt?.(index) ?? new Date());
        return { ...toJobRow(input), postedAt: posted, ...(posted ? { createdAt: posted, updatedAt: posted } : {}) };
      }),
    )
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

const ADMIN_ORDER: Record<AdminJobsQuery['sort'], SQL> = {
  newest: sql`j.created_at desc, j.id`,
  oldest: sql`j.created_at asc, j.id`,
  title: sql`lower(coalesce(nullif(j.title_en, ''), j.title_mn)), j.id`,
  deadline: sql`j.deadline asc, j.id`,
  updated: sql`j.updated_at desc, j.id`,
};

/** Every job for the back office: search, filters, sorting, paging, and each one's applications. */
export async function findJobsForAdmin(db: Db, query: AdminJobsQuery, now = new Date()): Promise<AdminJobsResponse> {
  const filters: SQL[] = [sql`true`, ...wordFilters(sql`j.search_text`, query.q)];
  if (query.status) filters.push(sql`j.status = ${query.status}`);
  // Taking applications: the rule of isTakingApplications, on the agency's today.
  if (query.open) filters.push(sql`j.status = 'published' and j.deadline >= ${agencyToday(now)}::date`);
  if (query.type) filters.push(sql`j.type = ${query.type}`);
  const where = sql.join(filters, sql` and `);
  const [page, count] = await Promise.all([
    db.execute<{
      id: string;
      title_en: string;
      title_mn: string;
      company: string;
      location_en: string;
      location_mn: string;
      type: AdminJobListItem['type'];
      status: JobStatus;
      deadline: string;
      posted_at: string | null;
      applications: number;
      updated_at: string;
    }>(sql`
      select j.id, j.title_en, j.title_mn, j.company, j.location_en, j.location_mn, j.type, j.status,
             j.deadline::text as deadline, j.posted_at::text as posted_at, j.updated_at::text as updated_at,
             (select count(*)::int from job_applications a where a.job_id = j.id) as applications
      from jobs j where ${where}
      order by ${ADMIN_ORDER[query.sort]}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from jobs j where ${where}`),
  ]);
  return {
    total: count.rows[0]?.total ?? 0,
    items: page.rows.map((row) => ({
      id: row.id,
      title: { en: row.title_en, mn: row.title_mn },
      company: row.company,
      location: { en: row.location_en, mn: row.location_mn },
      type: row.type,
      status: row.status,
      deadline: row.deadline,
      postedAt: row.posted_at ? new Date(row.posted_at).toISOString() : null,
      applications: row.applications,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
  };
}

/** Sitemap entries: the newest open jobs. */
export async function listOpenJobPaths(db: Db, limit = 25_000): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`select id from jobs where status = 'published' and deadline >= ${agencyToday()}
        order by posted_at desc nulls last limit ${limit}`,
  );
  return rows.rows.map((row) => `/jobs/${row.id}`);
}
