// The applicant's list of their visa applications (docs/decisions/016), with what the account used
// of its limits.

import { count, desc, eq, inArray } from 'drizzle-orm';
import { VISA_APPLICATIONS_WINDOW_DAYS, type MyVisaApplicationsResponse } from '@aylal/shared/schemas/visa';
import type { Db } from '../../../db/client.ts';
import { visaApplications, visaDependants, visaPayments } from '../../../db/schema/visa.ts';
import { storedDocumentBytes } from '../documents.ts';
import { visaProcessingPrice } from '../load.ts';
import { toMyVisaApplication } from '../mapping.ts';

/** The start of the window in which an account's applications count against VISA_APPLICATIONS_PER_YEAR. */
export function windowStart(now: Date): Date {
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
