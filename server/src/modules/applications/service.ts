import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  AdminApplicationDetail,
  AdminApplicationListItem,
  AdminApplicationsQuery,
  AdminApplicationsResponse,
  MyApplication,
} from '@aylal/shared/schemas/applications';
import type { Cv } from '@aylal/shared/schemas/cv';
import { isTakingApplications, type ApplicationState } from '@aylal/shared/job-rules';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { cvs, jobApplications, jobs } from '../../db/schema/jobs.ts';
import type { Notifier } from '../notifications/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordChange } from '../audit/index.ts';
import { escapeLike, isUuid } from '../../lib/sql-text.ts';
import { onAgencyDays } from '../../lib/agency-days.ts';
import { agencyToday, getWorkingHours } from '../../lib/agency-clock.ts';

type ApplicationRow = typeof jobApplications.$inferSelect;

/** What the back office's search matches: the applicant's name, email, title and skills. */
function applicationSearchText(cv: Cv): string {
  return [cv.fullName, cv.email, cv.title, ...cv.skills.map((skill) => skill.name)].join(' ').toLocaleLowerCase();
}

function toMine(row: ApplicationRow): MyApplication {
  return {
    id: row.id,
    jobId: row.jobId,
    jobTitle: { en: row.jobTitleEn, mn: row.jobTitleMn },
    company: row.company,
    state: row.state as ApplicationState,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminItem(row: ApplicationRow): AdminApplicationListItem {
  return {
    ...toMine(row),
    applicant: { name: row.cv.fullName, email: row.cv.email, title: row.cv.title },
    skills: row.cv.skills.map((skill) => skill.name),
  };
}

/**
 * Sends the user's current CV to a job. Refused when the job is not open, when the user has no CV,
 * and when they already applied; the unique (job, user) pair makes two simultaneous tries one.
 */
export async function applyToJob(db: Db, notifier: Notifier, userId: string, jobId: string): Promise<MyApplication> {
  if (!isUuid(jobId)) throw new AppError('JOB_NOT_FOUND');
  const [job] = await db
    .select({
      status: jobs.status,
      deadline: jobs.deadline,
      titleEn: jobs.titleEn,
      titleMn: jobs.titleMn,
      company: jobs.company,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .limit(1);
  if (!job || job.status === 'draft') throw new AppError('JOB_NOT_FOUND');
  if (!isTakingApplications(job, await agencyToday(db))) throw new AppError('JOB_CLOSED');
  const [cv] = await db.select({ data: cvs.data }).from(cvs).where(eq(cvs.userId, userId)).limit(1);
  if (!cv) throw new AppError('CV_REQUIRED');
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(jobApplications)
      .values({
        jobId,
        userId,
        jobTitleEn: job.titleEn,
        jobTitleMn: job.titleMn,
        company: job.company,
        cv: cv.data,
        searchText: applicationSearchText(cv.data),
      })
      .onConflictDoNothing({ target: [jobApplications.jobId, jobApplications.userId] })
      .returning();
    if (!inserted) throw new AppError('ALREADY_APPLIED');
    const [applicant] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    await notifier.notify(tx, {
      type: 'staffApplicationReceived',
      params: { name: applicant?.name ?? '', job: { en: job.titleEn, mn: job.titleMn }, company: job.company },
      link: `/admin/cv?jobId=${jobId}`,
      actorId: userId,
    });
    return inserted;
  });
  return toMine(row);
}

/** The user's own applications, newest first. */
export async function listMyApplications(db: Db, userId: string): Promise<MyApplication[]> {
  const rows = await db
    .select()
    .from(jobApplications)
    .where(eq(jobApplications.userId, userId))
    .orderBy(desc(jobApplications.createdAt));
  return rows.map(toMine);
}

async function adminFilters(
  db: Db,
  query: Omit<AdminApplicationsQuery, 'page' | 'pageSize'>,
): Promise<SQL | undefined> {
  const filters: SQL[] = [];
  if (query.jobId) filters.push(eq(jobApplications.jobId, query.jobId));
  if (query.state) filters.push(eq(jobApplications.state, query.state));
  if (query.from || query.to) {
    const { timeZone } = await getWorkingHours(db);
    filters.push(...onAgencyDays(jobApplications.createdAt, query.from, query.to, timeZone));
  }
  for (const word of (query.q ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    filters.push(sql`${jobApplications.searchText} like ${`%${escapeLike(word)}%`}`);
  }
  return and(...filters);
}

/** Every application for the back office, newest first, filtered and paged. */
export async function findApplicationsForAdmin(
  db: Db,
  query: AdminApplicationsQuery,
): Promise<AdminApplicationsResponse> {
  const where = await adminFilters(db, query);
  const [page, count] = await Promise.all([
    db
      .select()
      .from(jobApplications)
      .where(where)
      .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(jobApplications)
      .where(where),
  ]);
  return { total: count[0]?.total ?? 0, items: page.map(toAdminItem) };
}

/** Every application matching the filters (for the CSV export), newest first, at most `limit`. */
export async function listApplicationsForExport(
  db: Db,
  query: Omit<AdminApplicationsQuery, 'page' | 'pageSize'>,
  limit = 50_000,
): Promise<AdminApplicationDetail[]> {
  const rows = await db
    .select()
    .from(jobApplications)
    .where(await adminFilters(db, query))
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(limit);
  return rows.map((row) => ({ ...toAdminItem(row), cv: row.cv }));
}

export async function getApplication(db: Db, id: string): Promise<AdminApplicationDetail> {
  if (!isUuid(id)) throw new AppError('APPLICATION_NOT_FOUND');
  const [row] = await db.select().from(jobApplications).where(eq(jobApplications.id, id)).limit(1);
  if (!row) throw new AppError('APPLICATION_NOT_FOUND');
  return { ...toAdminItem(row), cv: row.cv };
}

/**
 * Moves the applications to a state, inside the caller's transaction; each applicant whose
 * application changed is told. Answers the rows as they now are (unknown ids are skipped).
 */
async function moveApplications(tx: Tx, notifier: Notifier, ids: string[], state: ApplicationState, actorId: string) {
  const before = await tx
    .select({ id: jobApplications.id, state: jobApplications.state })
    .from(jobApplications)
    .where(inArray(jobApplications.id, ids))
    .orderBy(jobApplications.id)
    .for('update');
  if (before.length === 0) return [];
  const rows = await tx
    .update(jobApplications)
    .set({ state, updatedAt: new Date() })
    .where(
      inArray(
        jobApplications.id,
        before.map((row) => row.id),
      ),
    )
    .returning();
  const previous = new Map(before.map((row) => [row.id, row.state]));
  for (const row of rows) {
    if (previous.get(row.id) === state) continue;
    await recordChange(tx, {
      actor: actorId,
      entity: 'application',
      id: row.id,
      action: 'state',
      before: { state: previous.get(row.id) },
      after: { state },
    });
    await notifier.notify(tx, {
      type: 'applicationStateChanged',
      recipientId: row.userId,
      params: { job: { en: row.jobTitleEn, mn: row.jobTitleMn }, company: row.company, state },
      link: '/applications',
      actorId,
    });
  }
  return rows;
}

export async function setApplicationState(
  db: Db,
  notifier: Notifier,
  id: string,
  state: ApplicationState,
  actorId: string,
): Promise<AdminApplicationDetail> {
  if (!isUuid(id)) throw new AppError('APPLICATION_NOT_FOUND');
  const [row] = await db.transaction((tx) => moveApplications(tx, notifier, [id], state, actorId));
  if (!row) throw new AppError('APPLICATION_NOT_FOUND');
  return { ...toAdminItem(row), cv: row.cv };
}

/** Moves many applications at once; answers how many were found (unknown ids are skipped). */
export async function setApplicationsState(
  db: Db,
  notifier: Notifier,
  ids: string[],
  state: ApplicationState,
  actorId: string,
): Promise<number> {
  const rows = await db.transaction((tx) => moveApplications(tx, notifier, ids, state, actorId));
  return rows.length;
}
