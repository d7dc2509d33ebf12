import type { VisaApplication, VisaDocument, VisaDocumentKind } from '@aylal/shared/schemas/visa';
import {
  documentChecklist,
  requiredDocuments,
  VISA_DOCUMENT_KINDS,
  VISA_DOCUMENT_MAX_BYTES,
  VISA_DOCUMENT_TYPES,
} from '@aylal/shared/visa-rules';

/** The `accept` of the file pickers: the types the server takes, and their usual names. */
export const DOCUMENT_ACCEPT = [...VISA_DOCUMENT_TYPES, '.pdf', '.jpg', '.jpeg', '.png'].join(',');

/** One row of a person's checklist: a kind, whether the trip needs it, and the file held. */
export interface ChecklistRow {
  key: string;
  kind: VisaDocumentKind;
  required: boolean;
  document: VisaDocument | undefined;
}

/** One person's checklist: the applicant (`dependantId` null) or a dependant. */
export interface ChecklistPerson {
  dependantId: string | null;
  /** First and last name as typed; empty while the applicant has not given one. */
  name: string;
  /** A dependant's relationship to the applicant, when given. */
  relationship: VisaApplication['dependantList'][number]['relationship'] | null;
  rows: ChecklistRow[];
}

/** Which row of which checklist: a person and a kind. */
export const rowKey = (dependantId: string | null, kind: VisaDocumentKind) => `${dependantId ?? 'applicant'}:${kind}`;

/**
 * The checklists (spec section 3), the applicant first and then each dependant: what the purpose
 * of the trip needs (`requiredDocuments`), any other document, and every kind a file is held for.
 */
export function checklistPeople(application: VisaApplication): ChecklistPerson[] {
  const purpose = application.form.purpose;
  const rowsOf = (dependantId: string | null, person: 'applicant' | 'dependant'): ChecklistRow[] => {
    const required = requiredDocuments(purpose, person);
    const held = application.documents.filter((document) => document.dependantId === dependantId);
    return VISA_DOCUMENT_KINDS.filter(
      (kind) => required.includes(kind) || kind === 'other' || held.some((document) => document.kind === kind),
    ).map((kind) => ({
      key: rowKey(dependantId, kind),
      kind,
      required: required.includes(kind),
      document: held.find((document) => document.kind === kind),
    }));
  };
  return [
    {
      dependantId: null,
      name: `${application.form.firstName} ${application.form.lastName}`.trim(),
      relationship: null,
      rows: rowsOf(null, 'applicant'),
    },
    ...application.dependantList.map((dependant) => ({
      dependantId: dependant.id,
      name: `${dependant.firstName} ${dependant.lastName}`.trim(),
      relationship: dependant.relationship ?? null,
      rows: rowsOf(dependant.id, 'dependant'),
    })),
  ];
}

/** How many of the documents the trip needs are there, of how many. */
export function checklistProgress(application: VisaApplication): { present: number; required: number } {
  const { required, missing } = documentChecklist(
    application.form.purpose,
    application.dependantList.map((dependant) => dependant.id),
    application.documents,
  );
  return { present: required.length - missing.length, required: required.length };
}

/** Why a file is refused before it is sent (its type, size or emptiness), or null. */
export function fileRefusal(file: { name: string; type: string; size: number }): 'type' | 'size' | 'empty' | null {
  const typeKnown = (VISA_DOCUMENT_TYPES as readonly string[]).includes(file.type);
  const namedRight = file.type === '' && /\.(pdf|jpe?g|png)$/i.test(file.name);
  if (!typeKnown && !namedRight) return 'type';
  if (file.size > VISA_DOCUMENT_MAX_BYTES) return 'size';
  if (file.size === 0) return 'empty';
  return null;
}

/** DOCUMENT_STORAGE_FULL's details: the account's room, what it holds, and the file refused. */
export function storageDetails(details: unknown): { limitBytes: number; usedBytes: number; fileBytes: number } | null {
  if (typeof details !== 'object' || details === null) return null;
  const { limitBytes, usedBytes, fileBytes } = details as Record<string, unknown>;
  return typeof limitBytes === 'number' && typeof usedBytes === 'number' && typeof fileBytes === 'number'
    ? { limitBytes, usedBytes, fileBytes }
    : null;
}
