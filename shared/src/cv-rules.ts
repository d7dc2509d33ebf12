// Zod-free, so the web may take values from it (the schemas stay in cv.ts).
import type { Cv } from './schemas/cv.ts';

/** A CV with nothing in it but what is given: the editor's starting point, and tests'. */
export function blankCv(fields: Partial<Cv> = {}): Cv {
  return {
    fullName: '',
    title: '',
    email: '',
    phone: '',
    address: '',
    summary: '',
    experience: [],
    education: [],
    skills: [],
    languages: [],
    ...fields,
  };
}

/** The years a CV month may name: the one rule, used by the schema and by the month picker. */
export const CV_FIRST_YEAR = 1900;
export const CV_LAST_YEAR = 2099;

/** A CV month, YYYY-MM, from CV_FIRST_YEAR to CV_LAST_YEAR. */
export const CV_MONTH = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

/** The years a month picker offers, latest first: up to six years ahead (a course still running). */
export function cvYearChoices(now = new Date()): string[] {
  const last = Math.min(CV_LAST_YEAR, now.getFullYear() + 6);
  return Array.from({ length: last - CV_FIRST_YEAR + 1 }, (_, index) => String(last - index));
}
