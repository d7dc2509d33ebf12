// Staff's list of visa applications (docs/decisions/016): the filters, the order and the page's
// rows, with the CSV's rows (export.ts) built on the same conditions. A draft is the applicant's
// alone: staff never see one.

import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  maskPassport,
  type AdminVisaListItem,
  type AdminVisaListResponse,
  type AdminVisaQuery,
  type VisaPaymentState,
  type VisaState,
} from '@aylal/shared/schemas/visa';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { visaApplications, visaDependants, visaPayments } from '../../../db/schema/visa.ts';
import { onAgencyDays } from '../../../lib/agency-days.ts';
import { searchKeyContains } from '../../../lib/search-key.ts';
import { getWorkingHours } from '../../../lib/agency-clock.ts';

export type AdminVisaFilters = Omit<AdminVisaQuery, 'page' | 'pageSize'>;

/** Never a draft: the partial indexes of the staff list carry this very condition. */
export const notDraft = ne(visaApplications.state, 'draft');

/**
 * The list's conditions. Dates are days on the agency's calendar turned into moments here, so the
 * database compares plain timestamps; the search is one LIKE per word on the key of the lower-cased
 * search text (names, email, reference, passport numbers), trigram-indexed in any script
 * (lib/search-key.ts).
 */
export async function listFilters(db: DbOrTx, query: AdminVisaFilters): Promise<SQL | undefined> {
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
export const ORDER: Record<AdminVisaQuery['sort'], SQL[]> = {
  newest: [sql`${visaApplications.submittedAt} desc nulls last`, asc(visaApplications.id)],
  oldest: [sql`${visaApplications.submittedAt} asc nulls first`, sql`${visaApplications.id} desc`],
  updated: [sql`${visaApplications.updatedAt} desc`, asc(visaApplications.id)],
  // Names in every script in their alphabet's order (the C locale would sort by code point).
  name: [sql`${visaApplications.name} collate "und-x-icu" asc`, asc(visaApplications.id)],
};

/** What a list row reads: columns copied from the answers at every save, never `form` itself. */
export const listColumns = {
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

export function toListItem(row: ListRow): AdminVisaListItem {
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
