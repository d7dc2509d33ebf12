// Staff's changes to jobs (docs/decisions/018: each with its history row): create, replace,
// publish, close or take back to draft, delete; and many at once for demo content.

import { eq, sql } from 'drizzle-orm';
import type { JobDetail, JobInput, JobStatus } from '@aylal/shared/schemas/jobs';
import type { Db, Tx } from '../../db/client.ts';
import { jobMaterials, jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertCatalogueId, changeCatalogueItem } from '../../lib/catalogue.ts';
import { recordChange, type AuditValues } from '../audit/index.ts';
import { getJob } from './detail.ts';
import { toJobDetail, toJobRow } from './mapping.ts';

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

/** The status as saved, for its history, under the row lock of the change that follows. */
async function lockStatus(tx: Tx, id: string) {
  const [row] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)).for('update');
  return row;
}

/** The posted date is the first publication's: set when published, never moved by later changes. */
const postedAtFor = (status: JobStatus) =>
  status === 'published' ? sql`coalesce(${jobs.postedAt}, now())` : jobs.postedAt;

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
  await changeCatalogueItem(db, id, 'JOB_NOT_FOUND', lockJobForAudit, async (tx, before) => {
    await tx
      .update(jobs)
      .set({ ...toJobRow(input), postedAt: postedAtFor(input.status), updatedAt: new Date() })
      .where(eq(jobs.id, id));
    await recordChange(tx, { actor: actorId, entity: 'job', id, action: 'update', before, after: auditView(input) });
  });
  return getJob(db, id);
}

/** Publish, close or take back to draft. */
export async function setJobStatus(db: Db, actorId: string, id: string, status: JobStatus): Promise<JobDetail> {
  await changeCatalogueItem(db, id, 'JOB_NOT_FOUND', lockStatus, async (tx, before) => {
    await tx
      .update(jobs)
      .set({ status, postedAt: postedAtFor(status), updatedAt: new Date() })
      .where(eq(jobs.id, id));
    await recordChange(tx, { actor: actorId, entity: 'job', id, action: 'status', before, after: { status } });
  });
  return getJob(db, id);
}

/** Deletes a job and its files; applications keep the job's title and the CV they carried. */
export async function deleteJob(db: Db, actorId: string, id: string): Promise<string[]> {
  assertCatalogueId(id, 'JOB_NOT_FOUND');
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
