import { countryName } from '@aylal/shared/countries';
import type { Language } from '@aylal/shared/i18n';
import { formatPrice } from '@aylal/shared/money';
import type { VisaPurpose } from '@aylal/shared/schemas/visa';
// Column names, states and purposes in the product's words (the web's `visaApplicationForm` namespace).
import formEn from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import formMn from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };
import { csvTime, columnsCsv } from '../../lib/csv.ts';
import type { VisaExportRow } from './staff/export.ts';

const WORDS = { en: formEn, mn: formMn };

/** "Paid ($50)": the add-on's state and its price when chosen; '' without the add-on. */
function paymentText(row: VisaExportRow, language: Language): string {
  if (!row.payment) return '';
  const price = formatPrice(row.paymentAmountUsd ?? 0, 'USD', language);
  return price
    ? `${WORDS[language].paymentStates[row.payment]} (${price})`
    : WORDS[language].paymentStates[row.payment];
}

/**
 * The filtered applications as CSV in the reader's language, UTF-8 with a byte order mark for
 * Excel: what a case list needs, the passport masked as in the list, and none of the criminal
 * record or medical answers. Times are the agency's (`timeZone`), written `YYYY-MM-DD HH:MM`.
 */
export function visaCsv(rows: VisaExportRow[], language: Language, timeZone: string): string {
  const words = WORDS[language];
  return columnsCsv(rows, [
    [words.pdf.reference, (row) => row.reference ?? ''],
    [words.pdf.submittedAt, (row) => (row.submittedAt ? csvTime(row.submittedAt, timeZone) : '')],
    [words.pdf.state, (row) => words.states[row.state]],
    [words.fields.firstName, (row) => row.firstName],
    [words.fields.lastName, (row) => row.lastName],
    [words.fields.email, (row) => row.email],
    [words.fields.phone, (row) => row.phone],
    [words.fields.nationality, (row) => countryName(row.nationality, language)],
    [words.fields.country, (row) => countryName(row.country, language)],
    [words.fields.purpose, (row) => (row.purpose ? (words.purposes[row.purpose as VisaPurpose] ?? row.purpose) : '')],
    [words.fields.passportNumber, (row) => row.passport],
    [words.sections.dependants, (row) => String(row.dependants)],
    [words.fields.processing, (row) => paymentText(row, language)],
    [words.fields.latinFirstName, (row) => row.latinFirstName],
    [words.fields.latinLastName, (row) => row.latinLastName],
    [words.fields.entryDate, (row) => row.entryDate],
    [words.fields.exitDate, (row) => row.exitDate],
    [words.embassy.receipt, (row) => row.embassyReceipt ?? ''],
    [words.embassy.lodgedOn, (row) => row.lodgedOn ?? ''],
    [words.embassy.validFrom, (row) => row.validFrom ?? ''],
    [words.embassy.validTo, (row) => row.validTo ?? ''],
  ]);
}
