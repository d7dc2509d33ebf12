import type { AdminApplicationDetail } from '@aylal/shared/schemas/applications';
import type { Language } from '@aylal/shared/i18n';
import { pickText } from '@aylal/shared/trip-rules';
// Column names, states and levels in the product's words (the web's `jobs` and `cv` namespaces).
import cvEn from '@aylal/locales/en/cv.json' with { type: 'json' };
import cvMn from '@aylal/locales/mn/cv.json' with { type: 'json' };
import jobsEn from '@aylal/locales/en/jobs.json' with { type: 'json' };
import jobsMn from '@aylal/locales/mn/jobs.json' with { type: 'json' };
import { csvTime, columnsCsv } from '../../lib/csv.ts';

const WORDS = { en: { ...jobsEn, ...cvEn }, mn: { ...jobsMn, ...cvMn } };

/**
 * The applications as CSV in the reader's language, UTF-8 with a byte order mark for Excel; times
 * are the agency's (`timeZone`).
 */
export function applicationsCsv(rows: AdminApplicationDetail[], language: Language, timeZone: string): string {
  const words = WORDS[language];
  return columnsCsv(rows, [
    // Sortable in any spreadsheet: 2026-11-22 09:30, the agency's time.
    [words.csv.appliedAt, (row) => csvTime(row.createdAt, timeZone)],
    [words.csv.job, (row) => pickText(row.jobTitle, language)],
    [words.csv.company, (row) => row.company],
    [words.csv.name, (row) => row.cv.fullName],
    [words.csv.email, (row) => row.cv.email],
    [words.csv.phone, (row) => row.cv.phone],
    [words.csv.title, (row) => row.cv.title],
    [
      words.csv.skills,
      (row) => row.cv.skills.map((skill) => `${skill.name} (${words.skillLevels[skill.level]})`).join('; '),
    ],
    [
      words.csv.languages,
      (row) => row.cv.languages.map((entry) => `${entry.name} (${words.languageLevels[entry.level]})`).join('; '),
    ],
    [words.csv.state, (row) => words.applicationStates[row.state]],
  ]);
}
