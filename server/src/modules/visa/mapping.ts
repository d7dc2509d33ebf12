// Rows of the visa tables as the API's shapes, and the columns copied from the answers at every
// save (docs/decisions/016-visa-applications.md). Shared by the applicant's routes and staff's.

import {
  blankVisaForm,
  isStaffOnlyVisaEvent,
  isVisaDecided,
  normalizePassport,
  type MyVisaApplication,
  type VisaActionRequest,
  type VisaApplication,
  type VisaDependant,
  type VisaDocument,
  type VisaForm,
  type VisaHistoryEntry,
  type VisaPayment,
  type VisaDecidedState,
  type VisaState,
} from '@aylal/shared/schemas/visa';
import { purgeDate } from '@aylal/shared/retention';
import { searchKey } from '../../lib/search-key.ts';
import type {
  visaApplications,
  visaDependants,
  visaDocuments,
  visaEvents,
  visaPayments,
} from '../../db/schema/visa.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import type { LoadedVisaApplication } from './load.ts';

export type VisaApplicationRow = typeof visaApplications.$inferSelect;
export type VisaDependantRow = typeof visaDependants.$inferSelect;
export type VisaDocumentRow = typeof visaDocuments.$inferSelect;
export type VisaEventRow = typeof visaEvents.$inferSelect;
export type VisaPaymentRow = typeof visaPayments.$inferSelect;

/** The applicant's page of one application (the notifications' link). */
export const visaLink = (id: string) => `/visa/${id}`;
/** Staff's page of one application (the staff notifications' link). */
export const staffVisaLink = (id: string) => `/admin/visa/${id}`;

/** What staff recorded of the embassy (decision 031); each null until recorded. */
export function embassyOf(
  row: Pick<VisaApplicationRow, 'embassyReceipt' | 'lodgedOn' | 'validFrom' | 'validTo'>,
): VisaApplication['embassy'] {
  return { receipt: row.embassyReceipt, lodgedOn: row.lodgedOn, validFrom: row.validFrom, validTo: row.validTo };
}

/** Both names as written, for lists and sorting. */
export function visaName(form: Pick<VisaForm, 'firstName' | 'lastName'>): string {
  return [form.firstName.trim(), form.lastName.trim()].filter(Boolean).join(' ');
}

/**
 * The columns staff filter, search and list by, copied from the answers at every save of the
 * form, a dependant or the reference: the country, both names, the email, the passport number's
 * last four characters (as stored: upper case without spaces; the list shows no more), and the
 * search text (lower-cased names of the applicant and every dependant, the email, the reference
 * and the passport numbers as stored, lower-cased with the rest) with its key, which the search
 * reads (lib/search-key.ts).
 */
export function toVisaCopiedColumns(
  form: VisaForm,
  dependants: readonly (Pick<VisaDependantRow, 'firstName' | 'lastName' | 'passportNumber'> &
    Partial<Pick<VisaDependantRow, 'latinFirstName' | 'latinLastName'>>)[],
  reference: string | null,
): { country: string; name: string; email: string; passportLast4: string; searchText: string; searchKey: string } {
  const parts = [
    visaName(form),
    visaName({ firstName: form.latinFirstName, lastName: form.latinLastName }),
    form.email.trim(),
    reference ?? '',
    normalizePassport(form.passportNumber),
    ...dependants.flatMap((dependant) => [
      `${dependant.firstName.trim()} ${dependant.lastName.trim()}`,
      `${dependant.latinFirstName ?? ''} ${dependant.latinLastName ?? ''}`.trim(),
      normalizePassport(dependant.passportNumber),
    ]),
  ];
  const searchText = parts
    .filter((part) => part !== '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase();
  return {
    country: form.country.trim(),
    name: visaName(form),
    email: form.email.trim(),
    passportLast4: normalizePassport(form.passportNumber).slice(-4),
    searchText,
    searchKey: searchKey(searchText),
  };
}

/** A stored form with every field there (a form saved before a field was added reads it as ''). */
export function toVisaForm(stored: Partial<VisaForm> | null | undefined): VisaForm {
  return blankVisaForm(stored ?? {});
}

export function toVisaDependant(row: VisaDependantRow): VisaDependant {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    latinFirstName: row.latinFirstName,
    latinLastName: row.latinLastName,
    relationship: row.relationship as VisaDependant['relationship'],
    dateOfBirth: row.dateOfBirth,
    nationality: row.nationality,
    passportNumber: row.passportNumber,
    passportExpiryDate: row.passportExpiryDate,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toVisaDocument(row: VisaDocumentRow): VisaDocument {
  return {
    id: row.id,
    dependantId: row.dependantId,
    kind: row.kind as VisaDocument['kind'],
    // Cleaned again on the way out: names stored before decision 026 may hold bidi controls.
    fileName: cleanFileName(row.fileName),
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toVisaPayment(row: VisaPaymentRow | null | undefined): VisaPayment | null {
  if (!row) return null;
  return {
    state: row.state as VisaPayment['state'],
    amountUsd: row.amountUsd,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One step of the history as the applicant sees it (callers leave staff notes out). */
export function toVisaHistoryEntry(row: VisaEventRow): VisaHistoryEntry {
  return {
    id: row.id,
    kind: row.kind as VisaHistoryEntry['kind'],
    state: (row.state as VisaHistoryEntry['state']) ?? null,
    section: (row.section as VisaHistoryEntry['section']) ?? null,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What staff asked to change, while the application waits for it. */
export function toActionRequest(row: VisaApplicationRow): VisaActionRequest | null {
  if (row.state !== 'action-required' || !row.actionSection) return null;
  return { section: row.actionSection as VisaActionRequest['section'], message: row.actionMessage ?? '' };
}

/** A row of the person's list of applications. */
export function toMyVisaApplication(
  row: VisaApplicationRow,
  dependants: number,
  payment: VisaPaymentRow | null | undefined,
): MyVisaApplication {
  return {
    id: row.id,
    reference: row.reference,
    state: row.state as MyVisaApplication['state'],
    country: row.country,
    name: row.name,
    dependants,
    actionRequest: toActionRequest(row),
    payment: toVisaPayment(payment),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/** Everything of one application; `events` are the public ones (no notes), oldest first. */
export function toVisaApplication(loaded: LoadedVisaApplication): VisaApplication {
  const { application } = loaded;
  return {
    ...toMyVisaApplication(application, loaded.dependants.length, loaded.payment),
    version: application.version,
    form: toVisaForm(application.form) as VisaApplication['form'],
    prefilled: Object.fromEntries(
      // Stored as 'profile:firstName', 'account:email'.
      application.prefilled.map((entry) => {
        const [source, field = ''] = entry.split(':');
        return [field, source === 'account' ? 'account' : 'profile'] as const;
      }),
    ),
    dependantList: loaded.dependants.map(toVisaDependant),
    documents: loaded.documents.map(toVisaDocument),
    history: loaded.events.filter((event) => !isStaffOnlyVisaEvent(event.kind)).map(toVisaHistoryEntry),
    processingPriceUsd: loaded.processingPriceUsd,
    embassy: embassyOf(application),
    retention: {
      deletesOn:
        application.decidedAt &&
        !application.heldAt &&
        !application.purgedAt &&
        isVisaDecided(application.state as VisaState)
          ? purgeDate(loaded.retention, application.state as VisaDecidedState, application.decidedAt).toISOString()
          : null,
      deletedAt: application.purgedAt?.toISOString() ?? null,
      held: application.heldAt !== null,
    },
    consent: loaded.consent,
  };
}
