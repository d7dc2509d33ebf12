import { countryName } from '@aylal/shared/countries';
import type { Language } from '@aylal/shared/i18n';
import { formatPrice } from '@aylal/shared/money';
import type { VisaPurpose } from '@aylal/shared/schemas/visa';
// Column names, states and purposes in the product's words (the web's `visaApplicationForm` namespace).
import formEn from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import formMn from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };
import { csvTime, toCsv } from '../../lib/csv.ts';
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
  const header = [
    words.pdf.reference,
    words.pdf.submittedAt,
    words.pdf.state,
    words.fields.firstName,
    words.fields.lastName,
    words.fields.email,
    words.fields.phone,
    words.fields.nationality,
    words.fields.country,
    words.fields.purpose,
    words.fields.passportNumber,
    words.sections.dependants,
    words.fields.processing,
    words.fields.latinFirstName,
    words.fields.latinLastName,
    words.fields.entryDate,
    words.fields.exitDate,
    words.embassy.receipt,
    words.embassy.lodgedOn,
    words.embassy.validFrom,
    words.embassy.validTo,
  ];
  const lines = rows.map((row) => [
    row.reference ?? '',
    row.submittedAt ? csvTime(row.submittedAt, timeZone) : '',
    words.states[row.state],
    row.firstName,
    row.lastName,
    row.email,
    row.phone,
    countryName(row.nationality, language),
    countryName(row.country, language),
    row.purpose ? (words.purposes[row.purpose as VisaPurpose] ?? row.purpose) : '',
    row.passport,
    String(row.dependants),
    paymentText(row, language),
    row.latinFirstName,
    row.latinLastName,
    row.entryDate,
    row.exitDate,
    row.embassyReceipt ?? '',
    row.lodgedOn ?? '',
    row.validFrom ?? '',
    row.validTo ?? '',
  ]);
  return toCsv(header, lines);
}
