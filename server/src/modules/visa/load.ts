// Reading one visa application with everything it carries (docs/decisions/016), for the
// applicant's routes and staff's alike. Free of route code.

import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { visaApplications, visaDependants, visaDocuments, visaEvents, visaPayments } from '../../db/schema/visa.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/sql-text.ts';
import type { RetentionSettings } from '@aylal/shared/retention';
import { isStaffOnlyVisaEvent, isVisaEditable, type VisaState } from '@aylal/shared/visa-rules';
import { getRetention, latestVisaConsent } from '../privacy/index.ts';
import { getVisaSettings } from './settings.ts';
import {
  toVisaApplication,
  type VisaApplicationRow,
  type VisaDependantRow,
  type VisaDocumentRow,
  type VisaEventRow,
  type VisaPaymentRow,
} from './mapping.ts';

/** The paid processing add-on's price now, whole US dollars (0: not offered). */
export async function visaProcessingPrice(db: DbOrTx): Promise<number> {
  return (await getVisaSettings(db)).processingPriceUsd;
}

/** `ownerId`: only that person's application (anyone else's is not found, as one that is not). */
function whereApplication(id: string, ownerId?: string) {
  return ownerId === undefined
    ? eq(visaApplications.id, id)
    : and(eq(visaApplications.id, id), eq(visaApplications.userId, ownerId));
}

/**
 * The application's row, locked for the rest of the transaction (every change to it, its
 * dependants or its documents takes this first, so they follow one another); VISA_NOT_FOUND for
 * an id that is not a uuid, not there, or (with `ownerId`) someone else's.
 */
export async function lockVisaApplication(tx: Tx, id: string, ownerId?: string): Promise<VisaApplicationRow> {
  if (!isUuid(id)) throw new AppError('VISA_NOT_FOUND');
  const [row] = await tx.select().from(visaApplications).where(whereApplication(id, ownerId)).limit(1).for('update');
  if (!row) throw new AppError('VISA_NOT_FOUND');
  return row;
}

/** Refuses a change to an application the applicant may no longer change (VISA_NOT_EDITABLE). */
export function assertVisaEditable(row: VisaApplicationRow): void {
  if (!isVisaEditable(row.state as VisaState)) throw new AppError('VISA_NOT_EDITABLE');
}

/** The application's row (not locked); VISA_NOT_FOUND as `lockVisaApplication`. */
export async function findVisaApplication(db: DbOrTx, id: string, ownerId?: string): Promise<VisaApplicationRow> {
  if (!isUuid(id)) throw new AppError('VISA_NOT_FOUND');
  const [row] = await db.select().from(visaApplications).where(whereApplication(id, ownerId)).limit(1);
  if (!row) throw new AppError('VISA_NOT_FOUND');
  return row;
}

export interface LoadedVisaApplication {
  application: VisaApplicationRow;
  /** In the order they were added. */
  dependants: VisaDependantRow[];
  documents: VisaDocumentRow[];
  /** Oldest first; staff notes only when asked for. */
  events: VisaEventRow[];
  payment: VisaPaymentRow | null;
  processingPriceUsd: number;
  retention: RetentionSettings;
  /** The applicant's latest consent for it. */
  consent: { version: string; at: string } | null;
}

/** The rows an application carries, once its own row is known. */
export async function loadVisaParts(
  db: DbOrTx,
  application: VisaApplicationRow,
  options: { notes?: boolean } = {},
): Promise<LoadedVisaApplication> {
  const id = application.id;
  // One after another: inside a transaction they share one connection, which runs one query at a
  // time anyway (and pg 9 refuses queries queued on a busy client).
  const dependants = await db
    .select()
    .from(visaDependants)
    .where(eq(visaDependants.applicationId, id))
    .orderBy(asc(visaDependants.position), asc(visaDependants.createdAt));
  const documents = await db
    .select()
    .from(visaDocuments)
    .where(eq(visaDocuments.applicationId, id))
    .orderBy(asc(visaDocuments.createdAt), asc(visaDocuments.id));
  const events = await db
    .select()
    .from(visaEvents)
    .where(eq(visaEvents.applicationId, id))
    .orderBy(asc(visaEvents.createdAt), asc(visaEvents.id));
  const payments = await db.select().from(visaPayments).where(eq(visaPayments.applicationId, id)).limit(1);
  const processingPriceUsd = await visaProcessingPrice(db);
  const retention = await getRetention(db);
  const consent = await latestVisaConsent(db, id);
  return {
    application,
    dependants,
    documents,
    events: options.notes ? events : events.filter((event) => !isStaffOnlyVisaEvent(event.kind)),
    payment: payments[0] ?? null,
    processingPriceUsd,
    retention,
    consent,
  };
}

/**
 * One application with its dependants, documents, history and payment, and the add-on's price
 * now. `ownerId` limits it to that person's (the applicant's routes); staff pass none and
 * `notes: true`. VISA_NOT_FOUND otherwise.
 */
export async function loadVisaApplication(
  db: DbOrTx,
  id: string,
  options: { ownerId?: string; notes?: boolean } = {},
): Promise<LoadedVisaApplication> {
  const application = await findVisaApplication(db, id, options.ownerId);
  return loadVisaParts(db, application, options);
}

/** The applicant's view of one of their applications. */
export async function getMyVisaApplication(db: DbOrTx, userId: string, id: string) {
  return toVisaApplication(await loadVisaApplication(db, id, { ownerId: userId }));
}
