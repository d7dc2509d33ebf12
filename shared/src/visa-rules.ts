// The visa application's vocabulary and pure rules (docs/decisions/016-visa-applications.md), free
// of zod so every screen may use them; the schemas built on them are in schemas/visa.ts.

import { EARLIEST_BIRTH, isEmailAddress, isPhoneNumber } from './field-rules.ts';

/**
 * Where an application stands. A draft is the applicant's alone; submitting sends it to staff,
 * who review it, may ask for a change (the applicant changes that section and submits again),
 * lodge it with the embassy, and record the embassy's answer. The applicant may withdraw before
 * it is lodged.
 */
export const VISA_STATES = [
  'draft',
  'submitted',
  'in-review',
  'action-required',
  'lodged',
  'approved',
  'refused',
  'withdrawn',
] as const;
export type VisaState = (typeof VISA_STATES)[number];

/** States in which the applicant may change their answers, dependants and documents. */
export const VISA_EDITABLE_STATES = ['draft', 'action-required'] as const satisfies readonly VisaState[];
/** States from which the applicant may withdraw (a draft is deleted instead). */
export const VISA_WITHDRAWABLE_STATES = [
  'submitted',
  'in-review',
  'action-required',
] as const satisfies readonly VisaState[];

/** The outcomes: the retention schedule counts from the day an application reached one (docs/decisions/027). */
export const VISA_DECIDED_STATES = ['approved', 'refused', 'withdrawn'] as const satisfies readonly VisaState[];
export type VisaDecidedState = (typeof VISA_DECIDED_STATES)[number];
export function isVisaDecided(state: VisaState): state is VisaDecidedState {
  return (VISA_DECIDED_STATES as readonly VisaState[]).includes(state);
}

export function isVisaEditable(state: VisaState): boolean {
  return (VISA_EDITABLE_STATES as readonly VisaState[]).includes(state);
}
export function canWithdrawVisa(state: VisaState): boolean {
  return (VISA_WITHDRAWABLE_STATES as readonly VisaState[]).includes(state);
}

/** What staff may do to an application, and the state each leads to. */
export const VISA_STAFF_ACTIONS = {
  'start-review': { from: ['submitted'], to: 'in-review' },
  'request-action': { from: ['submitted', 'in-review'], to: 'action-required' },
  lodge: { from: ['in-review'], to: 'lodged' },
  approve: { from: ['lodged'], to: 'approved' },
  refuse: { from: ['lodged'], to: 'refused' },
} as const satisfies Record<string, { from: readonly VisaState[]; to: VisaState }>;
export type VisaStaffAction = keyof typeof VISA_STAFF_ACTIONS;
export const VISA_STAFF_ACTION_NAMES = Object.keys(VISA_STAFF_ACTIONS) as VisaStaffAction[];

/** The staff actions an application in `state` allows, in the order the back office offers them. */
export function staffActionsFor(state: VisaState): VisaStaffAction[] {
  return VISA_STAFF_ACTION_NAMES.filter((action) =>
    (VISA_STAFF_ACTIONS[action].from as readonly VisaState[]).includes(state),
  );
}

/**
 * What an application's history records (`visa_events.kind`): each state change, the applicant's
 * own steps, staff notes (never shown to the applicant) and payment changes.
 */
export const VISA_EVENT_KINDS = [
  'created',
  'submitted',
  'resubmitted',
  'withdrawn',
  'start-review',
  'request-action',
  'lodge',
  'approve',
  'refuse',
  'note',
  'payment',
  // Staff keep it from the retention schedule, or let it go again; the sweep deleted its documents.
  'hold',
  'release',
  'purged',
] as const;
export type VisaEventKind = (typeof VISA_EVENT_KINDS)[number];
/** History rows only staff see: their notes and holds (the reason may be about the applicant). */
export const VISA_STAFF_ONLY_EVENTS = ['note', 'hold', 'release'] as const satisfies readonly VisaEventKind[];
export function isStaffOnlyVisaEvent(kind: string): boolean {
  return (VISA_STAFF_ONLY_EVENTS as readonly string[]).includes(kind);
}

/** The form's sections, in order; on a phone one at a time, then the review. */
export const VISA_SECTIONS = [
  'personal',
  'passport',
  'travel',
  'background',
  'emergency',
  'dependants',
  'documents',
  'extras',
] as const;
export type VisaSection = (typeof VISA_SECTIONS)[number];

/** Why the applicant travels: decides which documents the checklist asks for. */
export const VISA_PURPOSES = ['tourism', 'business', 'study', 'work', 'family', 'medical', 'transit', 'other'] as const;
export type VisaPurpose = (typeof VISA_PURPOSES)[number];

/**
 * The applicant's answers (spec section 3, Visa form), in the form's order, each with the section
 * it is asked in. The draft keeps them as text: '' is unanswered.
 */
export const VISA_FIELD_SECTION = {
  firstName: 'personal',
  lastName: 'personal',
  latinFirstName: 'personal',
  latinLastName: 'personal',
  email: 'personal',
  phone: 'personal',
  dateOfBirth: 'personal',
  nationality: 'personal',
  passportNumber: 'passport',
  passportExpiryDate: 'passport',
  country: 'travel',
  entryDate: 'travel',
  exitDate: 'travel',
  purpose: 'travel',
  purposeDetails: 'travel',
  previousVisaHistory: 'travel',
  criminalRecord: 'background',
  criminalRecordDetails: 'background',
  medicalConditions: 'background',
  emergencyContactName: 'emergency',
  emergencyContactPhone: 'emergency',
  additionalNotes: 'extras',
} as const satisfies Record<string, VisaSection>;
export type VisaField = keyof typeof VISA_FIELD_SECTION;
export const VISA_FIELDS = Object.keys(VISA_FIELD_SECTION) as VisaField[];

/**
 * Spec section 5: the fields submitting needs, in the form's order, each with its own message
 * (`visaApplicationForm:validation.<field>`).
 */
export const VISA_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'passportNumber',
  'passportExpiryDate',
  'country',
] as const satisfies readonly VisaField[];
export type VisaRequiredField = (typeof VISA_REQUIRED_FIELDS)[number];

/** What a dependant is to the applicant. */
export const VISA_RELATIONSHIPS = ['spouse', 'child', 'parent', 'sibling', 'other'] as const;
export type VisaRelationship = (typeof VISA_RELATIONSHIPS)[number];

export const VISA_DEPENDANT_FIELDS = [
  'firstName',
  'lastName',
  'latinFirstName',
  'latinLastName',
  'relationship',
  'dateOfBirth',
  'nationality',
  'passportNumber',
  'passportExpiryDate',
] as const;
export type VisaDependantField = (typeof VISA_DEPENDANT_FIELDS)[number];
/** What submitting needs of each dependant (the applicant's messages are reused). */
export const VISA_DEPENDANT_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'relationship',
  'dateOfBirth',
  'passportNumber',
  'passportExpiryDate',
] as const satisfies readonly VisaDependantField[];
export const VISA_DEPENDANTS_MAX = 12;

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

/** The paid processing add-on's own record (docs/decisions/016): staff set it; no provider yet. */
export const VISA_PAYMENT_STATES = ['awaiting-payment', 'paid', 'waived', 'refunded'] as const;
export type VisaPaymentState = (typeof VISA_PAYMENT_STATES)[number];
/** The highest price Settings takes for the add-on, in whole US dollars (0: not offered). */
export const VISA_PROCESSING_PRICE_MAX = 10_000;

export const ADMIN_VISA_SORTS = ['newest', 'oldest', 'updated', 'name'] as const;
export type AdminVisaSort = (typeof ADMIN_VISA_SORTS)[number];

/** How many drafts a person may keep at once. */
export const VISA_DRAFTS_MAX = 5;

/**
 * How many applications one account may start in any `VISA_APPLICATIONS_WINDOW_DAYS` days,
 * submitted, withdrawn and finished ones included (a draft deleted, which takes its files with it,
 * does not count). One application is one trip abroad with the family on it: someone who needs a
 * new visa every month uses 12 (docs/decisions/026).
 */
export const VISA_APPLICATIONS_PER_YEAR = 20;
export const VISA_APPLICATIONS_WINDOW_DAYS = 365;

/**
 * What all the documents of one account's visa applications may take together, in bytes (as
 * stored: pictures and PDFs written anew). A family of four sends about 15 files of 1–4 MB, some
 * 40 MB an application; this is some 25 of those, or 100 files at the 10 MB each may reach
 * (docs/decisions/026).
 */
export const VISA_ACCOUNT_DOCUMENT_BYTES = 1024 * 1024 * 1024;

/** Passports expiring within this many months of today get a warning (many embassies ask for six). */
export const PASSPORT_WARNING_MONTHS = 6;

/** "AB1234567" → "•••• 4567": lists show the last four characters only. */
export function maskPassport(value: string): string {
  const clean = value.replace(/\s+/g, '');
  if (clean === '') return '';
  return `•••• ${clean.slice(-4)}`;
}

/** A passport number as stored: upper case, no spaces. */
export function normalizePassport(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * The key two dependants of one application may not share: both names, trimmed, spaces
 * collapsed, lower-cased in any script ('A dependant with this name already exists').
 */
export function dependantNameKey(firstName: string, lastName: string): string {
  // Control characters never reach the key, so the separator (a unit separator: PostgreSQL's
  // text cannot hold the NUL character) can only be the one between the names.
  const clean = (value: string) =>
    value
      .normalize('NFC')
      .replace(/\p{Cc}/gu, ' ')
      .trim()
      .replace(/\s+/g, ' ')
      .toLocaleLowerCase();
  return `${clean(firstName)}\u001f${clean(lastName)}`;
}

/** YYYY-MM-DD `months` after `day` (the day clamped to the month's last). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const newYear = Math.floor(total / 12);
  const newMonth = (total % 12) + 1;
  const last = new Date(Date.UTC(newYear, newMonth, 0)).getUTCDate();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(newYear, 4)}-${pad(newMonth)}-${pad(Math.min(date, last))}`;
}

/** Whether a passport valid until `expiry` expires within PASSPORT_WARNING_MONTHS of `today`. */
export function passportExpiresSoon(expiry: string, today: string): boolean {
  return expiry !== '' && expiry > today && expiry <= addMonths(today, PASSPORT_WARNING_MONTHS);
}

/** "V-2026-00042": the reference an application gets when first submitted (year of submitting, a sequence). */
export function formatVisaReference(year: number, sequence: number): string {
  return `V-${year}-${String(sequence).padStart(5, '0')}`;
}

/** The applicant's answers: every field a string ('' unanswered), and the paid processing chosen or not. */
export type VisaForm = Record<VisaField, string> & { processing: boolean };

/** A dependant's answers (with its id once saved). */
export type VisaDependantValues = Record<VisaDependantField, string>;

/** An empty form, with what is already known filled in. */
export function blankVisaForm(from: Partial<VisaForm> = {}): VisaForm {
  const blank = Object.fromEntries(VISA_FIELDS.map((field) => [field, ''])) as Record<VisaField, string>;
  return { ...blank, processing: false, ...from };
}

/**
 * The words a refusal of the form uses, as keys of the `visaApplicationForm` namespace's
 * `validation` group: each required field's own message (spec section 5) and the plausibility
 * checks.
 */
export type VisaProblemMessage =
  | VisaRequiredField
  | 'relationship'
  | 'dependantIsApplicant'
  | 'emailInvalid'
  | 'phoneInvalid'
  | 'birthInFuture'
  | 'birthTooEarly'
  | 'passportExpired'
  | 'criminalDetails'
  | 'latinOnly'
  | 'exitBeforeEntry';

/**
 * Names as printed in a passport's machine-readable lines: Latin letters (accents allowed),
 * spaces, hyphens and apostrophes; '' is unanswered.
 */
export function isLatinName(value: string): boolean {
  return /^[\p{Script=Latin}\s'’-]*$/u.test(value.normalize('NFC'));
}

/** One refusal: the field's path in the form ('firstName', 'dependants.<id>.passportNumber') and its message. */
export interface VisaProblem {
  path: string;
  message: VisaProblemMessage;
}

function dateProblems(
  values: { dateOfBirth: string; passportExpiryDate: string },
  today: string,
  prefix: string,
): VisaProblem[] {
  const problems: VisaProblem[] = [];
  if (values.dateOfBirth !== '') {
    if (values.dateOfBirth > today) problems.push({ path: `${prefix}dateOfBirth`, message: 'birthInFuture' });
    else if (values.dateOfBirth < EARLIEST_BIRTH)
      problems.push({ path: `${prefix}dateOfBirth`, message: 'birthTooEarly' });
  }
  if (values.passportExpiryDate !== '' && values.passportExpiryDate <= today) {
    problems.push({ path: `${prefix}passportExpiryDate`, message: 'passportExpired' });
  }
  return problems;
}

/**
 * What stops an application from being submitted, in the form's order (the first is focused):
 * the spec's required fields with their own messages, then plausible values (an email and phone
 * that can be used, born in the past, a passport still valid after today, details of a declared
 * record), and the same of every dependant. The web shows these at the fields; the server
 * answers them as VISA_INCOMPLETE's details.
 */
export function visaProblems(
  form: VisaForm,
  dependants: readonly (VisaDependantValues & { id: string })[],
  today: string,
): VisaProblem[] {
  const problems: VisaProblem[] = [];
  const blank = (value: string) => value.trim() === '';
  for (const field of VISA_FIELDS) {
    if ((VISA_REQUIRED_FIELDS as readonly string[]).includes(field) && blank(form[field])) {
      problems.push({ path: field, message: field as VisaRequiredField });
      continue;
    }
    if (field === 'email' && !isEmailAddress(form.email.trim()))
      problems.push({ path: field, message: 'emailInvalid' });
    if (
      (field === 'phone' || field === 'emergencyContactPhone') &&
      !blank(form[field]) &&
      !isPhoneNumber(form[field])
    ) {
      problems.push({ path: field, message: 'phoneInvalid' });
    }
    if (field === 'criminalRecordDetails' && form.criminalRecord === 'yes' && blank(form.criminalRecordDetails)) {
      problems.push({ path: field, message: 'criminalDetails' });
    }
    if ((field === 'latinFirstName' || field === 'latinLastName') && !isLatinName(form[field].trim())) {
      problems.push({ path: field, message: 'latinOnly' });
    }
    if (field === 'exitDate' && form.entryDate !== '' && form.exitDate !== '' && form.exitDate < form.entryDate) {
      problems.push({ path: field, message: 'exitBeforeEntry' });
    }
    if (field === 'dateOfBirth' || field === 'passportExpiryDate') {
      problems.push(...dateProblems(form, today, '').filter((problem) => problem.path === field));
    }
  }
  for (const dependant of dependants) {
    const prefix = `dependants.${dependant.id}.`;
    for (const field of VISA_DEPENDANT_REQUIRED_FIELDS) {
      if (blank(dependant[field])) problems.push({ path: `${prefix}${field}`, message: field });
    }
    for (const field of ['latinFirstName', 'latinLastName'] as const) {
      if (!isLatinName(dependant[field].trim())) problems.push({ path: `${prefix}${field}`, message: 'latinOnly' });
    }
    if (
      !blank(dependant.firstName) &&
      dependantNameKey(dependant.firstName, dependant.lastName) === dependantNameKey(form.firstName, form.lastName)
    ) {
      problems.push({ path: `${prefix}firstName`, message: 'dependantIsApplicant' });
    }
    problems.push(
      ...dateProblems(dependant, today, prefix).filter(
        (problem) => !problems.some((known) => known.path === problem.path),
      ),
    );
  }
  return problems;
}

/**
 * Applications a consultation may be about (spec section 4: only once the application is saved,
 * which is submitting): any submitted one, whatever has happened since, unless withdrawn.
 */
export const VISA_CONSULTABLE_STATES = [
  'submitted',
  'in-review',
  'action-required',
  'lodged',
  'approved',
  'refused',
] as const satisfies readonly VisaState[];
export function canConsultAbout(state: VisaState): boolean {
  return (VISA_CONSULTABLE_STATES as readonly VisaState[]).includes(state);
}
