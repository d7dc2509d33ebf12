// The applicant's draft of a visa application (docs/decisions/016): a new one taken from the
// profile, saving its answers, deleting it.

import { eq, gt, sql } from 'drizzle-orm';
import {
  VISA_APPLICATIONS_PER_YEAR,
  VISA_APPLICATIONS_WINDOW_DAYS,
  VISA_DRAFTS_MAX,
  type SaveVisaDraftResponse,
  type VisaApplication,
  type VisaForm,
} from '@aylal/shared/schemas/visa';
import type { Db, Tx } from '../../../db/client.ts';
import { users } from '../../../db/schema/auth.ts';
import { visaApplications, visaDocuments, visaEvents } from '../../../db/schema/visa.ts';
import { AppError } from '../../../lib/app-error.ts';
import { assertVisaEditable, loadVisaParts, lockVisaApplication } from '../load.ts';
import { toVisaApplication, toVisaCopiedColumns } from '../mapping.ts';
import { loadVisaCopiedColumns } from '../search.ts';
import { windowStart } from './list.ts';
import { prefill } from './prefill.ts';

/** Serialises one person's changes that count their drafts. */
async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * A new draft, its answers taken from the profile where known; VISA_DRAFTS_LIMIT at five drafts,
 * VISA_YEARLY_LIMIT at VISA_APPLICATIONS_PER_YEAR applications started in the window, whatever
 * their state. Both are counted under the account's lock, so two at once cannot both take the
 * last place.
 */
export async function createVisaDraft(db: Db, userId: string, now = new Date()): Promise<VisaApplication> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [counted] = await tx
      .select({
        drafts: sql<number>`count(*) filter (where ${visaApplications.state} = 'draft')`.mapWith(Number),
        recent: sql<number>`count(*) filter (where ${gt(visaApplications.createdAt, windowStart(now))})`.mapWith(
          Number,
        ),
      })
      .from(visaApplications)
      .where(eq(visaApplications.userId, userId));
    if ((counted?.drafts ?? 0) >= VISA_DRAFTS_MAX) throw new AppError('VISA_DRAFTS_LIMIT');
    if ((counted?.recent ?? 0) >= VISA_APPLICATIONS_PER_YEAR) {
      throw new AppError('VISA_YEARLY_LIMIT', {
        limit: VISA_APPLICATIONS_PER_YEAR,
        windowDays: VISA_APPLICATIONS_WINDOW_DAYS,
        count: counted?.recent ?? 0,
      });
    }
    const { form, prefilled, language } = await prefill(tx, userId);
    const [row] = await tx
      .insert(visaApplications)
      .values({ userId, form, prefilled, language, ...toVisaCopiedColumns(form, [], null) })
      .returning();
    await tx.insert(visaEvents).values({ applicationId: row!.id, actorId: userId, kind: 'created', state: 'draft' });
    return toVisaApplication(await loadVisaParts(tx, row!));
  });
}

/**
 * Saves the draft's answers (in draft or action-required). With `basedOn` (the version the form
 * opened) it saves only over that version: a save from another device in between is VISA_CHANGED.
 */
export async function saveVisaDraft(
  db: Db,
  userId: string,
  id: string,
  form: VisaForm,
  basedOn?: number,
): Promise<SaveVisaDraftResponse & { isDraft: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockVisaApplication(tx, id, userId);
    assertVisaEditable(row);
    if (basedOn !== undefined && basedOn !== row.version) throw new AppError('VISA_CHANGED');
    const [saved] = await tx
      .update(visaApplications)
      .set({
        form,
        version: row.version + 1,
        updatedAt: new Date(),
        ...(await loadVisaCopiedColumns(tx, { id: row.id, form, reference: row.reference })),
      })
      .where(eq(visaApplications.id, row.id))
      .returning({ version: visaApplications.version, updatedAt: visaApplications.updatedAt });
    return { version: saved!.version, updatedAt: saved!.updatedAt.toISOString(), isDraft: row.state === 'draft' };
  });
}

/** Deletes a draft (only a draft) with its rows; answers the files to remove once committed. */
export async function deleteVisaDraft(db: Db, userId: string, id: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await lockVisaApplication(tx, id, userId);
    if (row.state !== 'draft') throw new AppError('VISA_NOT_EDITABLE');
    const files = await tx
      .select({ key: visaDocuments.fileKey })
      .from(visaDocuments)
      .where(eq(visaDocuments.applicationId, row.id));
    await tx.delete(visaApplications).where(eq(visaApplications.id, row.id));
    return files.map((file) => file.key);
  });
}
