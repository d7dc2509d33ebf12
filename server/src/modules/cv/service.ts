import { eq, sql } from 'drizzle-orm';
import type { Cv, CvResponse } from '@aylal/shared/schemas/cv';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { cvs } from '../../db/schema/jobs.ts';
import { AppError } from '../../lib/app-error.ts';

/** Entries in the order the user gave, with empty optional texts kept as ''. */
function toResponse(row: typeof cvs.$inferSelect): CvResponse {
  return { cv: row.data, version: row.version, updatedAt: row.updatedAt.toISOString() };
}

/** The user's CV, or 'CV not found' when they have not made one. */
export async function getMyCv(db: Db, userId: string): Promise<CvResponse> {
  const [row] = await db.select().from(cvs).where(eq(cvs.userId, userId)).limit(1);
  if (!row) throw new AppError('CV_NOT_FOUND');
  return toResponse(row);
}

/**
 * Creates or replaces the user's CV; the first save marks the user as having one (hasCV). With
 * `basedOn` (the version the editor opened, 0 for none yet) it saves only over that version: a
 * save from another tab or device in between is CV_CHANGED, not silently overwritten.
 */
export async function saveMyCv(
  db: Db,
  userId: string,
  cv: Cv,
  basedOn?: number,
): Promise<CvResponse & { created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cvs)
      .values({ userId, data: cv })
      .onConflictDoUpdate({
        target: cvs.userId,
        set: { data: cv, version: sql`${cvs.version} + 1`, updatedAt: new Date() },
        ...(basedOn === undefined ? {} : { setWhere: eq(cvs.version, basedOn) }),
      })
      .returning();
    // Nothing returned: the CV was there at another version (or, for 0, already made elsewhere).
    if (!row || (basedOn !== undefined && row.version !== basedOn + 1)) throw new AppError('CV_CHANGED');
    await tx.update(users).set({ hasCV: true }).where(eq(users.id, userId));
    return { ...toResponse(row!), created: row!.version === 1 };
  });
}

/** Removes the user's CV; applications already sent keep the copy they carried. */
export async function deleteMyCv(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(cvs).where(eq(cvs.userId, userId)).returning({ userId: cvs.userId });
    if (deleted.length === 0) throw new AppError('CV_NOT_FOUND');
    await tx.update(users).set({ hasCV: false }).where(eq(users.id, userId));
  });
}

/** The PDF's file name: the person's name, kept to letters, digits and dashes. */
export function cvFileName(fullName: string): string {
  const base = fullName
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `CV-${base || 'Aylal'}.pdf`;
}
