// What stops a visa application from being submitted (docs/decisions/016): every missing or
// implausible answer, the applicant's and each dependant's.

import { EARLIEST_BIRTH, isEmailAddress, isPhoneNumber } from '../field-rules.ts';
import {
  VISA_DEPENDANT_REQUIRED_FIELDS,
  VISA_FIELDS,
  VISA_REQUIRED_FIELDS,
  type VisaDependantValues,
  type VisaForm,
  type VisaRequiredField,
} from './form.ts';
import { dependantNameKey } from './passports.ts';

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
