// The documents a visa application asks for (docs/decisions/016): kinds, limits and each person's
// checklist.

import type { VisaPurpose } from './form.ts';

/** The documents a checklist may list; one file of each kind per person (a new one replaces it). */
export const VISA_DOCUMENT_KINDS = ['passport', 'photo', 'bank-statement', 'invitation', 'other'] as const;
export type VisaDocumentKind = (typeof VISA_DOCUMENT_KINDS)[number];
export const VISA_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const VISA_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/**
 * The documents a person's checklist asks for: everyone a passport scan and a photo; the
 * applicant also what the purpose needs (a bank statement for most trips, an invitation or a
 * booking where someone receives them). 'other' is offered to everyone and never missing.
 */
export function requiredDocuments(purpose: VisaPurpose | '', person: 'applicant' | 'dependant'): VisaDocumentKind[] {
  const kinds: VisaDocumentKind[] = ['passport', 'photo'];
  if (person === 'dependant') return kinds;
  if (purpose !== 'transit' && purpose !== '') kinds.push('bank-statement');
  if (['business', 'study', 'work', 'family', 'medical'].includes(purpose)) kinds.push('invitation');
  return kinds;
}

/** One document a person's checklist asks for: the applicant's (`dependantId` null) or a dependant's. */
export interface VisaDocumentNeed {
  dependantId: string | null;
  kind: VisaDocumentKind;
}

/**
 * The one rule for the documents (docs/decisions/031): every checklist's documents, the
 * applicant's first and then each dependant's in order, each uploaded or missing. The documents
 * section's badge, its counter, the review's list of what is missing, staff's warning before
 * lodging and the PDF all read it. Missing documents never stop submitting.
 */
export function documentChecklist(
  purpose: VisaPurpose | '',
  dependantIds: readonly string[],
  documents: readonly { kind: string; dependantId: string | null }[],
): { required: VisaDocumentNeed[]; missing: VisaDocumentNeed[] } {
  const required = [null, ...dependantIds].flatMap((dependantId) =>
    requiredDocuments(purpose, dependantId === null ? 'applicant' : 'dependant').map((kind) => ({
      dependantId,
      kind,
    })),
  );
  const missing = required.filter(
    (need) => !documents.some((document) => document.kind === need.kind && document.dependantId === need.dependantId),
  );
  return { required, missing };
}

/**
 * How many documents the checklists of the applicant and every dependant still ask for (what
 * staff are warned of before lodging, and what keeps the documents section incomplete).
 */
export function missingDocuments(
  purpose: VisaPurpose | '',
  dependantIds: readonly string[],
  documents: readonly { kind: string; dependantId: string | null }[],
): number {
  return documentChecklist(purpose, dependantIds, documents).missing.length;
}
