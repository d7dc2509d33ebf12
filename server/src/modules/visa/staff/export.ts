// The CSV's rows of staff's visa list (docs/decisions/016, 031): the list's rows with the answers
// the CSV adds.

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { visaApplications, visaPayments } from '../../../db/schema/visa.ts';
import { listColumns, listFilters, ORDER, toListItem, type AdminVisaFilters } from './list.ts';
import type { AdminVisaListItem } from '@aylal/shared/schemas/visa';

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
