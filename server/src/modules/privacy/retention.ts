// The retention schedule (docs/decisions/027): what the hourly sweep deletes, and when.

import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { formatDate } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';
import {
  DEFAULT_RETENTION,
  DRAFT_RETENTION_DAYS,
  DRAFT_WARNING_DAYS,
  retentionDays,
  type RetentionSettings,
} from '@aylal/shared/retention';
import { blankVisaForm, VISA_DECIDED_STATES, type VisaForm } from '@aylal/shared/visa-rules';
import type { Db, DbOrTx } from '../../db/client.ts';
import { visaApplications, visaDependants, visaDocuments, visaEvents, visaSettings } from '../../db/schema/visa.ts';
import { enqueueEmail } from '../../delivery/outbox.ts';
import { draftDeletionMail } from '../../mail/templates.ts';
import { recordChange, saveSettingsRow } from '../audit/index.ts';
import { searchKey } from '../../lib/search-key.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockVisaApplication } from '../visa/index.ts';
import { queueRemovals } from './removals.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export async function getRetention(db: DbOrTx): Promise<RetentionSettings> {
  const [row] = await db
    .select({
      approvedDays: visaSettings.retentionApprovedDays,
      refusedDays: visaSettings.retentionRefusedDays,
      withdrawnDays: visaSettings.retentionWithdrawnDays,
    })
    .from(visaSettings)
    .limit(1);
  return row ?? DEFAULT_RETENTION;
}

export async function setRetention(db: Db, actorId: string, settings: RetentionSettings): Promise<RetentionSettings> {
  return saveSettingsRow(db, {
    table: visaSettings,
    id: 'retention',
    actorId,
    values: {
      retentionApprovedDays: settings.approvedDays,
      retentionRefusedDays: settings.refusedDays,
      retentionWithdrawnDays: settings.withdrawnDays,
    },
    read: getRetention,
    after: { ...settings },
  });
}

/**
 * The answers a purged application keeps: who (the names), where to (the country), why in one word
 * (the purpose) and the processing choice. Passport, birth, contact, health, criminal record,
 * details and notes are blanked.
 */
function minimalForm(form: VisaForm): VisaForm {
  return blankVisaForm({
    firstName: form.firstName,
    lastName: form.lastName,
    // The names as printed in the passport are kept as the names are (docs/decisions/031).
    latinFirstName: form.latinFirstName,
    latinLastName: form.latinLastName,
    country: form.country,
    purpose: form.purpose,
    processing: form.processing,
  });
}

/**
 * Deletes the documents and blanks the sensitive answers of every decided application whose time
 * has come and that staff have not put on hold: one transaction each, its files queued for removal.
 * Returns the ids purged and the files to remove.
 */
export async function purgeDueApplications(db: Db, now = new Date()): Promise<{ ids: string[]; keys: string[] }> {
  const settings = await getRetention(db);
  const due = await db
    .select({ id: visaApplications.id })
    .from(visaApplications)
    .where(
      and(
        isNotNull(visaApplications.decidedAt),
        isNull(visaApplications.purgedAt),
        isNull(visaApplications.heldAt),
        inArray(visaApplications.state, [...VISA_DECIDED_STATES]),
        sql`${visaApplications.decidedAt} <= case ${visaApplications.state}
          ${sql.join(
            VISA_DECIDED_STATES.map(
              (state) => sql`when ${state} then ${daysBefore(now, retentionDays(settings, state))}::timestamptz`,
            ),
            sql` `,
          )} end`,
      ),
    );
  const ids: string[] = [];
  const keys: string[] = [];
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(visaApplications)
        .where(and(eq(visaApplications.id, id), isNull(visaApplications.purgedAt), isNull(visaApplications.heldAt)))
        .for('update');
      if (!row) return;
      const files = await tx
        .delete(visaDocuments)
        .where(eq(visaDocuments.applicationId, id))
        .returning({ key: visaDocuments.fileKey });
      await queueRemovals(
        tx,
        files.map((file) => file.key),
      );
      const form = minimalForm(blankVisaForm(row.form));
      const name = `${form.firstName.trim()} ${form.lastName.trim()}`.trim();
      const searchText = [name, row.reference ?? ''].filter(Boolean).join(' ').toLocaleLowerCase();
      await tx
        .update(visaDependants)
        .set({ dateOfBirth: '', nationality: '', passportNumber: '', passportExpiryDate: '' })
        .where(eq(visaDependants.applicationId, id));
      await tx
        .update(visaApplications)
        .set({
          form,
          email: '',
          passportLast4: '',
          searchText,
          searchKey: searchKey(searchText),
          actionMessage: null,
          purgedAt: now,
        })
        .where(eq(visaApplications.id, id));
      await tx.insert(visaEvents).values({ applicationId: id, kind: 'purged', createdAt: now });
      ids.push(id);
      keys.push(...files.map((file) => file.key));
    });
  }
  return { ids, keys };
}

/**
 * Drafts nobody has changed for DRAFT_RETENTION_DAYS: the applicant is emailed DRAFT_WARNING_DAYS
 * before (in their language), then the draft is deleted with its files. A change after the warning
 * starts the count again. Returns how many were warned and deleted, and the files to remove.
 */
export async function sweepDrafts(
  db: Db,
  publicUrl: string,
  now = new Date(),
): Promise<{ warned: number; deleted: number; keys: string[] }> {
  const warnFrom = daysBefore(now, DRAFT_RETENTION_DAYS - DRAFT_WARNING_DAYS);
  const toWarn = await db
    .select({ id: visaApplications.id, userId: visaApplications.userId })
    .from(visaApplications)
    .where(
      and(
        eq(visaApplications.state, 'draft'),
        lte(visaApplications.updatedAt, warnFrom),
        sql`(${visaApplications.draftWarnedAt} is null or ${visaApplications.draftWarnedAt} < ${visaApplications.updatedAt})`,
      ),
    );
  let warned = 0;
  for (const { id } of toWarn) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          updatedAt: visaApplications.updatedAt,
          language: visaApplications.language,
          email: sql<string>`(select email from users where users.id = ${visaApplications.userId})`,
          name: sql<string>`(select name from users where users.id = ${visaApplications.userId})`,
        })
        .from(visaApplications)
        .where(and(eq(visaApplications.id, id), eq(visaApplications.state, 'draft')))
        .for('update');
      if (!row || row.updatedAt > warnFrom) return;
      const language: Language = row.language === 'mn' ? 'mn' : 'en';
      const on = new Date(
        Math.max(row.updatedAt.getTime() + DRAFT_RETENTION_DAYS * DAY_MS, now.getTime() + DRAFT_WARNING_DAYS * DAY_MS),
      );
      await enqueueEmail(
        tx,
        draftDeletionMail(row.email, row.name, `${publicUrl}/visa/${id}`, formatDate(on, language), language),
      );
      // Not a change: the draft's own time stays, so the count goes on unless they change it.
      await tx.update(visaApplications).set({ draftWarnedAt: now }).where(eq(visaApplications.id, id));
      warned += 1;
    });
  }

  const gone = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: visaApplications.id })
      .from(visaApplications)
      .where(
        and(
          eq(visaApplications.state, 'draft'),
          lte(visaApplications.updatedAt, daysBefore(now, DRAFT_RETENTION_DAYS)),
          sql`${visaApplications.draftWarnedAt} >= ${visaApplications.updatedAt}`,
          lte(visaApplications.draftWarnedAt, daysBefore(now, DRAFT_WARNING_DAYS)),
        ),
      )
      .for('update', { skipLocked: true });
    const ids = due.map((row) => row.id);
    if (ids.length === 0) return { ids, keys: [] as string[] };
    const files = await tx
      .select({ key: visaDocuments.fileKey })
      .from(visaDocuments)
      .where(inArray(visaDocuments.applicationId, ids));
    const keys = files.map((file) => file.key);
    await queueRemovals(tx, keys);
    await tx.delete(visaApplications).where(inArray(visaApplications.id, ids));
    return { ids, keys };
  });
  return { warned, deleted: gone.ids.length, keys: gone.keys };
}

/**
 * Puts a decided application on hold (a reason given) so the sweep leaves it, or lifts the hold
 * (null): a history row and an audit entry each time. Only a decided application not yet purged
 * may be held (ACTION_NOT_ALLOWED otherwise); VISA_NOT_FOUND for a draft or an unknown id.
 */
export async function setVisaHold(db: Db, actorId: string, id: string, reason: string | null, now = new Date()) {
  await db.transaction(async (tx) => {
    const row = await lockVisaApplication(tx, id);
    if (row.state === 'draft') throw new AppError('VISA_NOT_FOUND');
    if (reason !== null && (row.decidedAt === null || row.purgedAt !== null)) throw new AppError('ACTION_NOT_ALLOWED');
    if (reason === null && row.heldAt === null) return;
    await tx
      .update(visaApplications)
      .set(reason === null ? { heldAt: null, holdReason: null } : { heldAt: row.heldAt ?? now, holdReason: reason })
      .where(eq(visaApplications.id, id));
    await tx.insert(visaEvents).values({
      applicationId: id,
      actorId,
      kind: reason === null ? 'release' : 'hold',
      message: reason ?? '',
      createdAt: now,
    });
    await recordChange(tx, {
      actor: actorId,
      entity: 'visa',
      id,
      // The reason may be about the applicant: recorded as given, never its text (as notes).
      action: reason === null ? 'release' : 'hold',
    });
  });
}
