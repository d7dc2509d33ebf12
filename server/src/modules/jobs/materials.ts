import { randomUUID } from 'node:crypto';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { JOB_MATERIALS_MAX } from '@aylal/shared/job-rules';
import type { JobMaterial } from '@aylal/shared/jobs';
import type { Db } from '../../db/client.ts';
import { jobMaterials, jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/sql-text.ts';
import type { Storage } from '../../lib/storage.ts';
import { toMaterial } from './mapping.ts';

/** The kinds of file a job's materials may be, told apart by their first bytes (never by name). */
const KINDS = [
  {
    type: 'application/pdf',
    extension: 'pdf',
    matches: (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-',
  },
  {
    type: 'image/png',
    extension: 'png',
    matches: (data: Buffer) =>
      data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/jpeg',
    extension: 'jpg',
    matches: (data: Buffer) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff,
  },
  {
    type: 'image/webp',
    extension: 'webp',
    matches: (data: Buffer) =>
      data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

/** A file name safe to show and to send back in Content-Disposition: no paths, no control characters. */
export function cleanFileName(name: string, extension: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((char) => char >= ' ' && char !== '\u007f' && char !== '"')
    .join('')
    .trim()
    .slice(0, 120);
  if (!base) return `file.${extension}`;
  return base.toLowerCase().endsWith(`.${extension}`) || (extension === 'jpg' && /\.jpe?g$/i.test(base))
    ? base
    : `${base}.${extension}`;
}

async function assertJob(db: Db, jobId: string) {
  if (!isUuid(jobId)) throw new AppError('JOB_NOT_FOUND');
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!row) throw new AppError('JOB_NOT_FOUND');
}

/** Adds a file to a job's materials: PDF, PNG, JPEG or WebP by content, under a generated name. */
export async function addJobMaterial(
  db: Db,
  storage: Storage,
  jobId: string,
  data: Buffer,
  fileName: string,
): Promise<JobMaterial> {
  await assertJob(db, jobId);
  const kind = KINDS.find((candidate) => candidate.matches(data));
  if (!kind || data.length === 0) throw new AppError('UNSUPPORTED_FILE');
  const key = `jobs/${jobId}/${randomUUID()}.${kind.extension}`;
  await storage.put(key, data);
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
          size: data.length,
        })
        .returning();
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

export async function deleteJobMaterial(db: Db, storage: Storage, jobId: string, materialId: string): Promise<void> {
  if (!isUuid(jobId) || !isUuid(materialId)) throw new AppError('NOT_FOUND');
  const [row] = await db
    .delete(jobMaterials)
    .where(and(eq(jobMaterials.id, materialId), eq(jobMaterials.jobId, jobId)))
    .returning({ key: jobMaterials.fileKey });
  if (!row) throw new AppError('NOT_FOUND');
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
