import type { AdminApplicationDetail } from '@aylal/shared/schemas/applications';
import type { Language } from '@aylal/shared/i18n';
import { pickText } from '@aylal/shared/trip-rules';
// Column names, states and levels in the product's words (the web's `jobs` and `cv` namespaces).
import cvEn from '@aylal/locales/en/cv.json' with { type: 'json' };
import cvMn from '@aylal/locales/mn/cv.json' with { type: 'json' };
import jobsEn from '@aylal/locales/en/jobs.json' with { type: 'json' };
import jobsMn from '@aylal/locales/mn/jobs.json' with { type: 'json' };
import { csvTime, toCsv } from '../../lib/csv.ts';

const WORDS = { en: { ...jobsEn, ...cvEn }, mn: { ...jobsMn, ...cvMn } };

/**
 * The applications as CSV in the reader's language, UTF-8 with a byte order mark for Excel; times
 * are the agency's (`timeZone`).
 */
export function applicationsCsv(rows: AdminApplicationDetail[], language: Language, timeZone: string): string {
  const words = WORDS[language];
  const header = [
    words.csv.appliedAt,
    words.csv.job,
    words.csv.company,
    words.csv.name,
    words.csv.email,
    words.csv.phone,
    words.csv.title,
    words.csv.skills,
    words.csv.languages,
    words.csv.state,
  ];
  const lines = rows.map((row) => [
    // Sortable in any spreadsheet: 2026-11-22 09:30, the agency's time.
    csvTime(row.createdAt, timeZone),
    pickText(row.jobTitle, language),
    row.company,
    row.cv.fullName,
    row.cv.email,
    row.cv.phone,
    row.cv.title,
    row.cv.skills.map((skill) => `${skill.name} (${words.skillLevels[skill.level]})`).join('; '),
    row.cv.languages.map((entry) => `${entry.name} (${words.languageLevels[entry.level]})`).join('; '),
    words.applicationStates[row.state],
  ]);
  return toCsv(header, lines);
}
