import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { JOB_MATERIALS_MAX } from '@aylal/shared/job-rules';
import type { JobMaterial } from '@aylal/shared/schemas/jobs';
import type { Db } from '../../db/client.ts';
import { jobMaterials, jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { cleanPdf, isPdfHeader } from '../../lib/pdf-check.ts';
import { isUuid } from '../../lib/sql-text.ts';
import type { Storage } from '../../lib/storage.ts';
import { toMaterial } from './mapping.ts';

/** Pictures larger than this many pixels are refused (as for trip pictures). */
const MAX_PIXELS = 60_000_000;

/**
 * The kinds of file a job's materials may be, told apart by their content (never by name): a PDF
 * that parses, or a PNG, JPEG or WebP picture that decodes.
 */
const PDF = { type: 'application/pdf', extension: 'pdf' } as const;
const PICTURES = [
  { type: 'image/png', extension: 'png', format: 'png' },
  { type: 'image/jpeg', extension: 'jpg', format: 'jpeg' },
  { type: 'image/webp', extension: 'webp', format: 'webp' },
] as const;

/**
 * The file as it will be stored, with its kind; UNSUPPORTED_FILE for anything else. A PDF is
 * parsed and written anew from what the parser understood (`cleanPdf`, with its own refusals); a
 * picture is decoded in full and written again in its own format: upright, without its metadata
 * (a phone photo's EXIF carries where it was taken).
 */
async function checkMaterial(data: Buffer) {
  if (data.length === 0) throw new AppError('UNSUPPORTED_FILE');
  if (isPdfHeader(data)) return { kind: PDF, data: await cleanPdf(data) };
  try {
    const picture = sharp(data, { limitInputPixels: MAX_PIXELS });
    const { format } = await picture.metadata();
    const kind = PICTURES.find((candidate) => candidate.format === format);
    if (!kind) throw new AppError('UNSUPPORTED_FILE');
    const upright = picture.rotate();
    const encoded =
      kind.format === 'png'
        ? upright.png()
        : kind.format === 'jpeg'
          ? upright.jpeg({ quality: 90, mozjpeg: true })
          : upright.webp({ quality: 90 });
    return { kind, data: await encoded.toBuffer() };
  } catch {
    throw new AppError('UNSUPPORTED_FILE');
  }
}

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

/**
 * Adds a file to a job's materials: PDF, PNG, JPEG or WebP by content, under a generated name.
 * Nothing is written before the file has passed its checks.
 */
export async function addJobMaterial(
  db: Db,
  storage: Storage,
  jobId: string,
  upload: Buffer,
  fileName: string,
): Promise<JobMaterial> {
  await assertJob(db, jobId);
  const { kind, data: stored } = await checkMaterial(upload);
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
