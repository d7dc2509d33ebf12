import { randomUUID } from 'node:crypto';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { JOB_MATERIALS_MAX } from '@aylal/shared/job-rules';
import type { JobMaterial } from '@aylal/shared/schemas/jobs';
import type { Db } from '../../db/client.ts';
import { jobMaterials, jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkUploadedFile } from '../../lib/file-check.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import { findCatalogueRow } from '../../lib/catalogue.ts';
import { isUuid } from '../../lib/sql-text.ts';
import type { Storage } from '../../lib/storage.ts';
import { recordChange } from '../audit/index.ts';
import { toMaterial } from './mapping.ts';

async function assertJob(db: Db, jobId: string) {
  await findCatalogueRow(jobId, 'JOB_NOT_FOUND', () =>
    db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).limit(1),
  );
}

/**
 * Adds a file to a job's materials: PDF, PNG, JPEG or WebP by content, under a generated name.
 * Nothing is written before the file has passed its checks.
 */
export async function addJobMaterial(
  db: Db,
  storage: Storage,
  actorId: string,
  jobId: string,
  upload: Buffer,
  fileName: string,
): Promise<JobMaterial> {
  await assertJob(db, jobId);
  // PDF, PNG, JPEG or WebP by content.
  const { kind, data: stored } = await checkUploadedFile(upload, ['pdf', 'png', 'jpeg', 'webp']);
  const key = `jobs/${jobId}/${randomUUID()}.${kind.extension}`;
  await storage.put(key, stored);
  try {
    const row = await db.transaction(async (tx) => {
      // Serialises uploads to one job, so the count and positions stay right.
      await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for('update');
      const [last] = await tx
        .select({ position: max(jobMaterials.position), count: sql<number>`count(*)::int` })
        .from(jobMaterials)
        .where(eq(jobMaterials.jobId, jobId));
      if ((last?.count ?? 0) >= JOB_MATERIALS_MAX) throw new AppError('TOO_MANY_FILES');
      const [inserted] = await tx
        .insert(jobMaterials)
        .values({
          jobId,
          position: (last?.position ?? -1) + 1,
          fileKey: key,
          fileName: cleanFileName(fileName, kind.extension),
          contentType: kind.type,
          size: stored.length,
        })
        .returning();
      await recordChange(tx, { actor: actorId, entity: 'job', id: jobId, action: 'file-add' });
      return inserted!;
    });
    return toMaterial(row);
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/** A material's file and how to send it; unknown ids are not found. */
export async function openJobMaterial(db: Db, storage: Storage, jobId: string, materialId: string) {
  if (!isUuid(jobId) || !isUuid(materialId)) throw new AppError('NOT_FOUND');
  const [row] = await db
    .select()
    .from(jobMaterials)
    .innerJoin(jobs, eq(jobs.id, jobMaterials.jobId))
    .where(and(eq(jobMaterials.id, materialId), eq(jobMaterials.jobId, jobId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const file = await storage.open(row.job_materials.fileKey);
  if (!file) throw new AppError('NOT_FOUND');
  return {
    ...file,
    name: row.job_materials.fileName,
    contentType: row.job_materials.contentType,
    status: row.jobs.status,
  };
}

export async function deleteJobMaterial(
  db: Db,
  storage: Storage,
  actorId: string,
  jobId: string,
  materialId: string,
): Promise<void> {
  if (!isUuid(jobId) || !isUuid(materialId)) throw new AppError('NOT_FOUND');
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(jobMaterials)
      .where(and(eq(jobMaterials.id, materialId), eq(jobMaterials.jobId, jobId)))
      .returning({ key: jobMaterials.fileKey });
    if (!deleted) throw new AppError('NOT_FOUND');
    await recordChange(tx, { actor: actorId, entity: 'job', id: jobId, action: 'file-remove' });
    return deleted;
  });
  await storage.remove(row.key);
}

export async function listJobMaterials(db: Db, jobId: string): Promise<JobMaterial[]> {
  const rows = await db
    .select()
    .from(jobMaterials)
    .where(eq(jobMaterials.jobId, jobId))
    .orderBy(asc(jobMaterials.position));
  return rows.map(toMaterial);
}
