// The visa application's form (docs/decisions/016): its sections, fields and which are required,
// the dependants' fields, and the form's values.

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

/** The applicant's answers: every field a string ('' unanswered), and the paid processing chosen or not. */
export type VisaForm = Record<VisaField, string> & { processing: boolean };

/** A dependant's answers (with its id once saved). */
export type VisaDependantValues = Record<VisaDependantField, string>;

/** An empty form, with what is already known filled in. */
export function blankVisaForm(from: Partial<VisaForm> = {}): VisaForm {
  const blank = Object.fromEntries(VISA_FIELDS.map((field) => [field, ''])) as Record<VisaField, string>;
  return { ...blank, processing: false, ...from };
}
