// Staff's side of visa applications (docs/decisions/016): the list with its filters and the CSV's
// rows, one application with every answer and its casework, the state actions, notes and the
// payment. A draft is the applicant's alone: staff never see one (not listed, 404 when asked for).

import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@aylal/shared/i18n';
import type { NotificationType } from '@aylal/shared/notifications';
import { isVisaDecided } from '@aylal/shared/visa-rules';
import {
  maskPassport,
  staffActionsFor,
  VISA_STAFF_ACTIONS,
  type AdminVisaActionRequest,
  type AdminVisaDetail,
  type AdminVisaListItem,
  type AdminVisaListResponse,
  type AdminVisaQuery,
  type VisaPaymentState,
  type VisaStaffAction,
  type VisaState,
} from '@aylal/shared/schemas/visa';
import type { VisaPassports } from '@aylal/shared/schemas/second-factor';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { consultations } from '../../db/schema/consultations.ts';
import { visaApplications, visaDependants, visaDocuments, visaEvents, visaPayments } from '../../db/schema/visa.ts';
import { AppError } from '../../lib/app-error.ts';
import { onAgencyDays } from '../../lib/agency-days.ts';
import { searchKeyContains } from '../../lib/search-key.ts';
import { isUuid } from '../../lib/sql-text.ts';
import type { Storage } from '../../lib/storage.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';
import { markHandled, notify } from '../notifications/index.ts';
import { findVisaApplication, loadVisaParts, lockVisaApplication } from './load.ts';
import { recordChange } from '../audit/index.ts';
import {
  toVisaApplication,
  toVisaForm,
  toVisaHistoryEntry,
  staffVisaLink,
  visaLink,
  type VisaApplicationRow,
} from './mapping.ts';

export type AdminVisaFilters = Omit<AdminVisaQuery, 'page' | 'pageSize'>;

/** The applicant's notification for each staff action (params: the reference only). */
const TOLD_ON: Record<VisaStaffAction, NotificationType> = {
  'start-review': 'visaInReview',
  'request-action': 'visaActionRequired',
  lodge: 'visaLodged',
  approve: 'visaApproved',
  refuse: 'visaRefused',
};

/** Never a draft: the partial indexes of the staff list carry this very condition. */
const notDraft = ne(visaApplications.state, 'draft');

/**
 * The list's conditions. Dates are days on the agency's calendar turned into moments here, so the
 * database compares plain timestamps; the search is one LIKE per word on the key of the lower-cased
 * search text (names, email, reference, passport numbers), trigram-indexed in any script
 * (lib/search-key.ts).
 */
async function listFilters(db: DbOrTx, query: AdminVisaFilters): Promise<SQL | undefined> {
  const filters: (SQL | undefined)[] = [notDraft];
  if (query.state) filters.push(eq(visaApplications.state, query.state));
  if (query.country) filters.push(eq(visaApplications.country, query.country));
  if (query.payment === 'none') filters.push(isNull(visaPayments.applicationId));
  else if (query.payment) filters.push(eq(visaPayments.state, query.payment));
  if (query.from || query.to) {
    const { timeZone } = await getWorkingHours(db);
    filters.push(...onAgencyDays(visaApplications.submittedAt, query.from, query.to, timeZone));
  }
  const words = (query.q ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) filters.push(searchKeyContains(visaApplications.searchKey, word));
  return and(...filters);
}

// `nulls last` as the indexes are built, so the newest-first list reads an index in order.
const ORDER: Record<AdminVisaQuery['sort'], SQL[]> = {
  newest: [sql`${visaApplications.submittedAt} desc nulls last`, asc(visaApplications.id)],
  oldest: [sql`${visaApplications.submittedAt} asc nulls first`, sql`${visaApplications.id} desc`],
  updated: [sql`${visaApplications.updatedAt} desc`, asc(visaApplications.id)],
  // Names in every script in their alphabet's order (the C locale would sort by code point).
  name: [sql`${visaApplications.name} collate "und-x-icu" asc`, asc(visaApplications.id)],
};

/** What a list row reads: columns copied from the answers at every save, never `form` itself. */
const listColumns = {
  id: visaApplications.id,
  reference: visaApplications.reference,
  state: visaApplications.state,
  country: visaApplications.country,
  name: visaApplications.name,
  email: visaApplications.email,
  passportLast4: visaApplications.passportLast4,
  dependants: sql<number>`(select count(*)::int from ${visaDependants} where ${visaDependants.applicationId} = ${visaApplications.id})`,
  payment: visaPayments.state,
  submittedAt: visaApplications.submittedAt,
  updatedAt: visaApplications.updatedAt,
};

type ListRow = Awaited<ReturnType<typeof selectList>>[number];

function toListItem(row: ListRow): AdminVisaListItem {
  return {
    id: row.id,
    reference: row.reference,
    state: row.state as VisaState,
    country: row.country,
    name: row.name,
    email: row.email,
    passport: maskPassport(row.passportLast4),
    dependants: Number(row.dependants),
    payment: (row.payment as VisaPaymentState | null) ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * One page of the list in one statement: the page's ids first, read in order from an index of
 * the narrow columns (the payment joined only when filtered on), then the rows of those ids alone,
 * so that rows skipped by the offset or the search are never read whole.
 */
function selectList(
  db: DbOrTx,
  where: SQL | undefined,
  query: Pick<AdminVisaQuery, 'payment' | 'sort' | 'page' | 'pageSize'>,
) {
  const ids = db.select({ id: visaApplications.id }).from(visaApplications).$dynamic();
  // A dynamic query is changed in place.
  if (query.payment) ids.leftJoin(visaPayments, eq(visaPayments.applicationId, visaApplications.id));
  const page = ids
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  return db
    .select(listColumns)
    .from(page)
    .innerJoin(visaApplications, eq(visaApplications.id, page.id))
    .leftJoin(visaPayments, eq(visaPayments.applicationId, visaApplications.id))
    .orderBy(...ORDER[query.sort]);
}

/** How many applications match (the list's total); the payment's row is read only when filtered on. */
async function countVisaForAdmin(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(visaApplications)
    .leftJoin(visaPayments, eq(visaPayments.applicationId, visaApplications.id))
    .where(where);
  return row?.total ?? 0;
}

/**
 * Submitted applications (never drafts) for the back office: filtered, sorted, paged, passports
 * masked, with the total of all that match (the list route keeps answers until anything changes:
 * list-cache.ts).
 */
export async function findVisaForAdmin(db: Db, query: AdminVisaQuery): Promise<AdminVisaListResponse> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const where = await listFilters(db, filters);
  const [rows, total] = await Promise.all([selectList(db, where, query), countVisaForAdmin(db, where)]);
  return { items: rows.map(toListItem), total };
}

/** One row of the CSV: the list's row with the answers it adds (never criminal or medical ones). */
export interface VisaExportRow extends AdminVisaListItem {
  firstName: string;
  lastName: string;
  phone: string;
  nationality: string;
  purpose: string;
  paymentAmountUsd: number | null;
  /** Decision 031: the names as in the passport, the trip's dates and the embassy's side. */
  latinFirstName: string;
  latinLastName: string;
  entryDate: string;
  exitDate: string;
  embassyReceipt: string | null;
  lodgedOn: string | null;
  validFrom: string | null;
  validTo: string | null;
}

/** Every application matching the filters (for the CSV), in the list's order, at most `limit`. */
export async function listVisaForExport(db: Db, query: AdminVisaFilters, limit = 50_000): Promise<VisaExportRow[]> {
  const where = await listFilters(db, query);
  const rows = await db
    .select({
      ...listColumns,
      firstName: sql<string>`coalesce(${visaApplications.form}->>'firstName', '')`,
      lastName: sql<string>`coalesce(${visaApplications.form}->>'lastName', '')`,
      phone: sql<string>`coalesce(${visaApplications.form}->>'phone', '')`,
      nationality: sql<string>`coalesce(${visaApplications.form}->>'nationality', '')`,
      purpose: sql<string>`coalesce(${visaApplications.form}->>'purpose', '')`,
      latinFirstName: sql<string>`coalesce(${visaApplications.form}->>'latinFirstName', '')`,
      latinLastName: sql<string>`coalesce(${visaApplications.form}->>'latinLastName', '')`,
      entryDate: sql<string>`coalesce(${visaApplications.form}->>'entryDate', '')`,
      exitDate: sql<string>`coalesce(${visaApplications.form}->>'exitDate', '')`,
      embassyReceipt: visaApplications.embassyReceipt,
      lodgedOn: visaApplications.lodgedOn,
      validFrom: visaApplications.validFrom,
      validTo: visaApplications.validTo,
      paymentAmountUsd: visaPayments.amountUsd,
    })
    .from(visaApplications)
    .leftJoin(visaPayments, eq(visaPayments.applicationId, visaApplications.id))
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(limit);
  return rows.map((row) => ({
    ...toListItem(row),
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    nationality: row.nationality,
    purpose: row.purpose,
    paymentAmountUsd: row.paymentAmountUsd,
    latinFirstName: row.latinFirstName,
    latinLastName: row.latinLastName,
    entryDate: row.entryDate,
    exitDate: row.exitDate,
    embassyReceipt: row.embassyReceipt,
    lodgedOn: row.lodgedOn,
    validFrom: row.validFrom,
    validTo: row.validTo,
  }));
}

/** An application staff may see: any but a draft (which is the applicant's alone). */
function visibleToStaff(row: VisaApplicationRow): VisaApplicationRow {
  if (row.state === 'draft') throw new AppError('VISA_NOT_FOUND');
  return row;
}

/**
 * One application with every answer, its casework and its history with who did what. Passport
 * numbers show their last four only: the whole ones are `getVisaPassportsForAdmin`, asked for
 * on a fresh sign-in (docs/decisions/023).
 */
export async function getVisaForAdmin(db: DbOrTx, id: string): Promise<AdminVisaDetail> {
  const application = visibleToStaff(await findVisaApplication(db, id));
  const parts = await loadVisaParts(db, application, { notes: true });
  const actorIds = [...new Set(parts.events.map((event) => event.actorId).filter((actor) => actor !== null))];
  const [people, booked] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, [application.userId, ...actorIds])),
    db
      .select({ id: consultations.id, startsAt: consultations.startsAt, state: consultations.state })
      .from(consultations)
      .where(eq(consultations.visaApplicationId, application.id))
      .orderBy(asc(consultations.startsAt), asc(consultations.id)),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const { history: _history, prefilled: _prefilled, ...rest } = toVisaApplication(parts);
  const account = byId.get(application.userId);
  return {
    ...rest,
    form: { ...rest.form, passportNumber: maskPassport(rest.form.passportNumber) },
    dependantList: rest.dependantList.map((dependant) => ({
      ...dependant,
      passportNumber: maskPassport(dependant.passportNumber),
    })),
    account: { id: application.userId, name: account?.name ?? '', email: account?.email ?? '' },
    events: parts.events.map((event) => ({
      ...toVisaHistoryEntry(event),
      actor: event.actorId ? (byId.get(event.actorId)?.name ?? null) : null,
    })),
    actions: staffActionsFor(application.state as VisaState),
    consultations: booked.map((row) => ({ id: row.id, startsAt: row.startsAt.toISOString(), state: row.state })),
    hold: application.heldAt ? { at: application.heldAt.toISOString(), reason: application.holdReason ?? '' } : null,
  };
}

/** The passport numbers of an application (the applicant's and each dependant's) whole, for staff. */
export async function getVisaPassportsForAdmin(db: DbOrTx, id: string): Promise<VisaPassports> {
  const application = visibleToStaff(await findVisaApplication(db, id));
  const { dependants } = await loadVisaParts(db, application);
  return {
    applicant: toVisaForm(application.form).passportNumber,
    dependants: dependants.map((dependant) => ({ id: dependant.id, passportNumber: dependant.passportNumber })),
  };
}

/**
 * A staff action (start the review, ask for a change, lodge, approve, refuse) under the
 * application's row lock, so two staff acting at once make one change and the second is refused
 * (ACTION_NOT_ALLOWED: its state no longer allows it). Each is a history row and tells the applicant.
 */
export async function actOnVisa(
  db: Db,
  actorId: string,
  id: string,
  input: AdminVisaActionRequest,
  now = new Date(),
): Promise<AdminVisaDetail> {
  await db.transaction(async (tx) => {
    const current = visibleToStaff(await lockVisaApplication(tx, id));
    const rule = VISA_STAFF_ACTIONS[input.action];
    if (!(rule.from as readonly string[]).includes(current.state)) throw new AppError('ACTION_NOT_ALLOWED');
    const asking = input.action === 'request-action';
    await tx
      .update(visaApplications)
      .set({
        state: rule.to,
        actionSection: asking ? input.section || null : null,
        actionMessage: asking ? input.message : null,
        // Retention counts from the decision (docs/decisions/027).
        decidedAt: isVisaDecided(rule.to) ? now : null,
        // What staff record of the embassy (docs/decisions/031): at lodging, and on approval.
        ...(input.action === 'lodge'
          ? { embassyReceipt: input.embassyReceipt || null, lodgedOn: input.lodgedOn || null }
          : {}),
        ...(input.action === 'approve' ? { validFrom: input.validFrom || null, validTo: input.validTo || null } : {}),
        updatedAt: now,
      })
      .where(eq(visaApplications.id, id));
    await tx.insert(visaEvents).values({
      applicationId: id,
      actorId,
      kind: input.action,
      state: rule.to,
      section: asking ? input.section || null : null,
      message: input.message,
      createdAt: now,
    });
    // The message to the applicant may be about them: recorded as written, never its text.
    await recordChange(tx, {
      actor: actorId,
      entity: 'visa',
      id,
      action: input.action,
      before: { state: current.state },
      after: { state: rule.to },
    });
    await notify(tx, {
      type: TOLD_ON[input.action],
      recipientId: current.userId,
      params: { reference: current.reference ?? '' },
      link: visaLink(id),
      actorId,
      language: current.language as Language,
    });
    // Handled: the staff notifications about it are read for whoever acted (issue 23).
    await markHandled(tx, actorId, staffVisaLink(id));
  });
  return getVisaForAdmin(db, id);
}

/** An internal note: a history row of kind `note`, for staff only (never shown to the applicant). */
export async function addVisaNote(db: Db, actorId: string, id: string, note: string): Promise<AdminVisaDetail> {
  await db.transaction(async (tx) => {
    visibleToStaff(await lockVisaApplication(tx, id));
    await tx.insert(visaEvents).values({ applicationId: id, actorId, kind: 'note', message: note });
    await recordChange(tx, { actor: actorId, entity: 'visa', id, action: 'note' });
  });
  return getVisaForAdmin(db, id);
}

/**
 * Staff set the paid processing's state. Only an application that carries a payment has one
 * (ACTION_NOT_ALLOWED otherwise); a change is a history row (its message the new state) and tells
 * the applicant; setting the state it already has changes nothing.
 */
export async function setVisaPayment(
  db: Db,
  actorId: string,
  id: string,
  state: VisaPaymentState,
  now = new Date(),
): Promise<AdminVisaDetail> {
  await db.transaction(async (tx) => {
    const current = visibleToStaff(await lockVisaApplication(tx, id));
    const [payment] = await tx
      .select({ state: visaPayments.state })
      .from(visaPayments)
      .where(eq(visaPayments.applicationId, id))
      .for('update');
    if (!payment) throw new AppError('ACTION_NOT_ALLOWED');
    if (payment.state === state) return;
    await tx
      .update(visaPayments)
      .set({ state, updatedBy: actorId, updatedAt: now })
      .where(eq(visaPayments.applicationId, id));
    // A payment is a change to the application too (the list's "last changed" order).
    await tx.update(visaApplications).set({ updatedAt: now }).where(eq(visaApplications.id, id));
    await tx.insert(visaEvents).values({ applicationId: id, actorId, kind: 'payment', message: state, createdAt: now });
    await recordChange(tx, {
      actor: actorId,
      entity: 'visa',
      id,
      action: 'payment',
      before: { payment: payment.state },
      after: { payment: state },
    });
    await notify(tx, {
      type: 'visaPaymentChanged',
      recipientId: current.userId,
      params: { reference: current.reference ?? '' },
      link: visaLink(id),
      actorId,
      language: current.language as Language,
    });
  });
  return getVisaForAdmin(db, id);
}

/** One of the application's files for staff (not a draft's); DOCUMENT_NOT_FOUND for anything else. */
export async function openVisaDocumentForAdmin(db: Db, storage: Storage, id: string, documentId: string) {
  if (!isUuid(id)) throw new AppError('VISA_NOT_FOUND');
  if (!isUuid(documentId)) throw new AppError('DOCUMENT_NOT_FOUND');
  const [row] = await db
    .select({
      kind: visaDocuments.kind,
      dependantId: visaDocuments.dependantId,
      fileKey: visaDocuments.fileKey,
      fileName: visaDocuments.fileName,
      contentType: visaDocuments.contentType,
    })
    .from(visaDocuments)
    .innerJoin(visaApplications, eq(visaApplications.id, visaDocuments.applicationId))
    .where(and(eq(visaDocuments.id, documentId), eq(visaDocuments.applicationId, id), notDraft))
    .limit(1);
  if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
  const file = await storage.open(row.fileKey);
  if (!file) throw new AppError('DOCUMENT_NOT_FOUND');
  return { ...file, name: row.fileName, contentType: row.contentType, kind: row.kind, dependantId: row.dependantId };
}
