import {
  missingDocuments,
  VISA_FIELD_SECTION,
  VISA_FIELDS,
  VISA_REQUIRED_FIELDS,
  VISA_SECTIONS,
  type VisaForm,
  type VisaPurpose,
  type VisaProblem,
  type VisaSection,
} from '@aylal/shared/visa-rules';
import type { VisaApplication } from '@aylal/shared/schemas/visa';

/**
 * Where a section stands. 'missing' is the documents section's own: the checklist asks for
 * files not yet uploaded, which never stops submitting (docs/decisions/031).
 */
export type SectionProgress = 'complete' | 'incomplete' | 'missing' | 'optional';

/** The section a problem's field is asked in ('dependants.<id>.x' is the dependants section). */
export function problemSection(problem: VisaProblem): VisaSection {
  if (problem.path.startsWith('dependants.')) return 'dependants';
  return VISA_FIELD_SECTION[problem.path as keyof typeof VISA_FIELD_SECTION] ?? 'personal';
}

/** The fields a section asks (the dependants and documents sections have their own rows). */
export function sectionFields(section: VisaSection) {
  return VISA_FIELDS.filter((field) => VISA_FIELD_SECTION[field] === section);
}

/**
 * Where each section stands: incomplete while something in it stops submitting, complete when
 * nothing does and it asks for something or was answered, optional when nothing in it is needed
 * and nothing was given. Documents are complete when everyone's checklist is uploaded, missing
 * until then.
 */
export function sectionProgress(
  form: VisaForm,
  application: Pick<VisaApplication, 'dependantList' | 'documents'>,
  problems: readonly VisaProblem[],
): Record<VisaSection, SectionProgress> {
  const result = {} as Record<VisaSection, SectionProgress>;
  for (const section of VISA_SECTIONS) {
    if (problems.some((problem) => problemSection(problem) === section)) {
      result[section] = 'incomplete';
      continue;
    }
    if (section === 'dependants') {
      result[section] = application.dependantList.length > 0 ? 'complete' : 'optional';
      continue;
    }
    if (section === 'documents') {
      // Documents never stop submitting (staff may ask for them later): the section says what the
      // checklist still asks for, and is complete once every checklist is.
      const missing = missingDocuments(
        form.purpose as VisaPurpose | '',
        application.dependantList.map((dependant) => dependant.id),
        application.documents,
      );
      result[section] = missing === 0 ? 'complete' : 'missing';
      continue;
    }
    const fields = sectionFields(section);
    const required = fields.some((field) => (VISA_REQUIRED_FIELDS as readonly string[]).includes(field));
    const answered = fields.some((field) => form[field].trim() !== '') || (section === 'extras' && form.processing);
    result[section] = required || answered ? 'complete' : 'optional';
  }
  return result;
}

/**
 * The counter beside the sections: how many are complete of those that ask for something (a
 * section nothing is needed in and nothing was given does not count).
 */
export function sectionsDone(progress: Record<VisaSection, SectionProgress>): { done: number; total: number } {
  const counted = VISA_SECTIONS.filter((section) => progress[section] !== 'optional');
  return { done: counted.filter((section) => progress[section] === 'complete').length, total: counted.length };
}

/** Today on the reader's calendar, YYYY-MM-DD (what `visaProblems` compares dates with). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
