// The applicant's side of visa applications (docs/decisions/016-visa-applications.md): the list,
// a new draft taken from the profile, saving it, deleting it, submitting and withdrawing.

import { asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { agencyToday } from '@aylal/shared/job-rules';
import type { Language } from '@aylal/shared/i18n';
import { COUNTRY_CODES, countryName } from '@aylal/shared/countries';
import {
  blankVisaForm,
  canWithdrawVisa,
  formatVisaReference,
  normalizePassport,
  visaProblems,
  VISA_APPLICATIONS_PER_YEAR,
  VISA_APPLICATIONS_WINDOW_DAYS,
  VISA_DRAFTS_MAX,
  type MyVisaApplicationsResponse,
  type SaveVisaDraftResponse,
  type VisaApplication,
  type VisaForm,
  type VisaSubmitRequest,
  type VisaState,
} from '@aylal/shared/schemas/visa';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/notifications.ts';
import {
  visaApplications,
  visaDependants,
  visaDocuments,
  visaEvents,
  visaPayments,
  visaReferenceSequence,
} from '../../db/schema/visa.ts';
import { AppError } from '../../lib/app-error.ts';
import { describeVisaProblem } from '../../lib/messages.ts';
import { notify } from '../notifications/index.ts';
import { takeVisaConsent } from '../privacy/index.ts';
import { storedDocumentBytes } from './documents.ts';
import { assertVisaEditable, loadVisaParts, lockVisaApplication, visaProcessingPrice } from './load.ts';
import {
  staffVisaLink,
  toMyVisaApplication,
  toVisaApplication,
  toVisaForm,
  toVisaCopiedColumns,
  visaLink,
  visaName,
} from './mapping.ts';
import { loadVisaCopiedColumns } from './search.ts';

/** The start of the window in which an account's applications count against VISA_APPLICATIONS_PER_YEAR. */
function windowStart(now: Date): Date {
  return new Date(now.getTime() - VISA_APPLICATIONS_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

/** The person's applications, newest first, with the add-on's price now and what the account used of its limits. */
export async function listMyVisaApplications(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<MyVisaApplicationsResponse> {
  const rows = await db
    .select()
    .from(visaApplications)
    .where(eq(visaApplications.userId, userId))
    .orderBy(desc(visaApplications.createdAt), desc(visaApplications.id));
  const ids = rows.map((row) => row.id);
  const [counts, payments, processingPriceUsd, documentBytes] = await Promise.all([
    ids.length
      ? db
          .select({ id: visaDependants.applicationId, n: count() })
          .from(visaDependants)
          .where(inArray(visaDependants.applicationId, ids))
          .groupBy(visaDependants.applicationId)
      : [],
    ids.length ? db.select().from(visaPayments).where(inArray(visaPayments.applicationId, ids)) : [],
    visaProcessingPrice(db),
    storedDocumentBytes(db, userId),
  ]);
  const since = windowStart(now);
  const dependantsOf = new Map(counts.map((entry) => [entry.id, entry.n]));
  const paymentOf = new Map(payments.map((payment) => [payment.applicationId, payment]));
  return {
    items: rows.map((row) => toMyVisaApplication(row, dependantsOf.get(row.id) ?? 0, paymentOf.get(row.id))),
    processingPriceUsd,
    usage: { applications: rows.filter((row) => row.createdAt > since).length, documentBytes },
  };
}

/**
 * The country code a profile's free-text nationality names, in either language ('Mongolia',
 * 'mongolian', 'Монгол', 'MN'); '' when it names none.
 */
export function nationalityCode(nationality: string): string {
  const wanted = nationality.trim().toLocaleLowerCase();
  if (wanted === '') return '';
  const upper = wanted.toUpperCase();
  if (COUNTRY_CODES.includes(upper)) return upper;
  for (const code of COUNTRY_CODES) {
    for (const language of ['en', 'mn'] as const) {
      const name = countryName(code, language).toLocaleLowerCase();
      // The country ('Mongolia') or the word for its people made from it ('Mongolian').
      if (wanted === name || (wanted.startsWith(name) && wanted.length - name.length <= 3)) return code;
    }
  }
  return '';
}

/** What a new draft takes from the person's profile and account, and which fields those are. */
async function prefill(
  tx: Tx,
  userId: string,
): Promise<{ form: VisaForm; prefilled: string[]; language: 'en' | 'mn' }> {
  const [account] = await tx
    .select({ name: users.name, email: users.email, phone: users.phoneNumber, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const source = (fromProfile: string | null | undefined) => (fromProfile?.trim() ? 'profile' : 'account');
  const fullName = (profile?.fullName || account?.name || '').trim().replace(/\s+/g, ' ');
  const [firstName = '', ...rest] = fullName === '' ? [] : fullName.split(' ');
  const taken: Partial<VisaForm> = {
    firstName: firstName.slice(0, 80),
    lastName: rest.join(' ').slice(0, 80),
    email: (profile?.email || account?.email || '').trim().slice(0, 254),
    phone: (profile?.phone || account?.phone || '').trim().slice(0, 30),
    dateOfBirth: profile?.dateOfBirth ?? '',
    nationality: nationalityCode(profile?.nationality ?? ''),
  };
  const sources: Record<string, 'profile' | 'account'> = {
    firstName: source(profile?.fullName),
    lastName: source(profile?.fullName),
    email: source(profile?.email),
    phone: source(profile?.phone),
    dateOfBirth: 'profile',
    nationality: 'profile',
  };
  // Stored as 'profile:firstName', 'account:email' (mapping.ts reads them back).
  const prefilled = Object.entries(taken)
    .filter(([, value]) => value !== '')
    .map(([field]) => `${sources[field]}:${field}`);
  const language = (profile?.language ?? account?.language ?? 'en') === 'mn' ? 'mn' : 'en';
  return { form: blankVisaForm(taken), prefilled, language };
}

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

async function accountName(tx: Tx, userId: string): Promise<string> {
  const [account] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return account?.name ?? '';
}

/**
 * Sends the application to staff (from draft), or sends it again after the change they asked
 * for (from action-required). Refused with every problem (VISA_INCOMPLETE) while something
 * required is missing or implausible. The first submit gives the reference, marks the person as
 * having a visa application, and records the paid processing chosen at today's price.
 */
export async function submitVisaApplication(
  db: Db,
  userId: string,
  id: string,
  consent?: VisaSubmitRequest['consent'],
  language: Language = 'en',
): Promise<VisaApplication> {
  return db.transaction(async (tx) => {
    const row = await lockVisaApplication(tx, id, userId);
    assertVisaEditable(row);
    const stored = toVisaForm(row.form);
    const dependants = await tx
      .select()
      .from(visaDependants)
      .where(eq(visaDependants.applicationId, row.id))
      .orderBy(asc(visaDependants.position));
    const today = agencyToday();
    const problems = visaProblems(stored, dependants, today);
    if (problems.length) {
      // Each problem also in the caller's words, naming its field (and whose, for a dependant's).
      const whose = (path: string) => {
        const dependant = dependants.find((candidate) => path.startsWith(`dependants.${candidate.id}.`));
        return dependant ? visaName(dependant) : undefined;
      };
      throw new AppError('VISA_INCOMPLETE', {
        problems: problems.map((problem) => ({
          ...problem,
          text: describeVisaProblem(problem, language, whose(problem.path)),
        })),
      });
    }

    const [payment] = await tx.select().from(visaPayments).where(eq(visaPayments.applicationId, row.id)).limit(1);
    const price = await visaProcessingPrice(tx);
    if (stored.processing && !payment && price === 0) throw new AppError('VISA_PROCESSING_UNAVAILABLE');
    await takeVisaConsent(tx, { userId, applicationId: row.id, consent });

    const now = new Date();
    const first = row.state === 'draft';
    const reference = first
      ? formatVisaReference(
          Number(today.slice(0, 4)),
          Number(
            (await tx.execute<{ n: string }>(sql`select nextval(${visaReferenceSequence.seqName}) as n`)).rows[0]!.n,
          ),
        )
      : row.reference!;
    // Passport numbers as stored: upper case, no spaces.
    const form = { ...stored, passportNumber: normalizePassport(stored.passportNumber) };
    for (const dependant of dependants) {
      const passportNumber = normalizePassport(dependant.passportNumber);
      if (passportNumber !== dependant.passportNumber) {
        await tx.update(visaDependants).set({ passportNumber }).where(eq(visaDependants.id, dependant.id));
        dependant.passportNumber = passportNumber;
      }
    }
    const [updated] = await tx
      .update(visaApplications)
      .set({
        state: 'submitted',
        form,
        version: row.version + 1,
        reference,
        actionSection: null,
        actionMessage: null,
        updatedAt: now,
        ...(first ? { submittedAt: now } : {}),
        ...toVisaCopiedColumns(form, dependants, reference),
      })
      .where(eq(visaApplications.id, row.id))
      .returning();
    if (stored.processing && !payment && price > 0) {
      await tx.insert(visaPayments).values({ applicationId: row.id, amountUsd: price });
    }
    // Unchosen before sending again: a payment not yet made goes (one made stays for staff to refund).
    if (!stored.processing && payment?.state === 'awaiting-payment') {
      await tx.delete(visaPayments).where(eq(visaPayments.applicationId, row.id));
    }
    await tx.insert(visaEvents).values({
      applicationId: row.id,
      actorId: userId,
      kind: first ? 'submitted' : 'resubmitted',
      state: 'submitted',
    });
    const name = await accountName(tx, userId);
    if (first) {
      await tx.update(users).set({ hasVisa: true }).where(eq(users.id, userId));
      await notify(tx, {
        type: 'visaSubmitted',
        recipientId: userId,
        params: { reference },
        link: visaLink(row.id),
        actorId: userId,
        language: row.language as 'en' | 'mn',
      });
    }
    await notify(tx, {
      type: first ? 'staffVisaSubmitted' : 'staffVisaResubmitted',
      params: { reference, name },
      link: staffVisaLink(row.id),
      actorId: userId,
    });
    return toVisaApplication(await loadVisaParts(tx, updated!));
  });
}

/** Withdraws a submitted application before it is lodged (a draft is deleted instead). */
export async function withdrawVisaApplication(db: Db, userId: string, id: string): Promise<VisaApplication> {
  return db.transaction(async (tx) => {
    const row = await lockVisaApplication(tx, id, userId);
    if (!canWithdrawVisa(row.state as VisaState)) throw new AppError('VISA_NOT_EDITABLE');
    const [updated] = await tx
      .update(visaApplications)
      .set({
        state: 'withdrawn',
        actionSection: null,
        actionMessage: null,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(visaApplications.id, row.id))
      .returning();
    await tx
      .insert(visaEvents)
      .values({ applicationId: row.id, actorId: userId, kind: 'withdrawn', state: 'withdrawn' });
    const reference = row.reference ?? '';
    await notify(tx, {
      type: 'visaWithdrawn',
      recipientId: userId,
      params: { reference },
      link: visaLink(row.id),
      actorId: userId,
      language: row.language as 'en' | 'mn',
    });
    await notify(tx, {
      type: 'staffVisaWithdrawn',
      params: { reference, name: await accountName(tx, userId) },
      link: staffVisaLink(row.id),
      actorId: userId,
    });
    return toVisaApplication(await loadVisaParts(tx, updated!));
  });
}
