import { COUNTRY_NAMES } from './country-names.ts';
import type { Language } from './i18n.ts';

/** ISO 3166-1 alpha-2 codes of the countries a visa may be asked for or a passport issued by. */
export const COUNTRY_CODES = Object.keys(COUNTRY_NAMES);

/** Where Mongolian travellers ask for visas most: offered first in the list. */
export const POPULAR_DESTINATIONS = ['KR', 'JP', 'US', 'CN', 'GB', 'DE', 'AU', 'CA', 'TR', 'CZ'];

const COUNTRY_SET = new Set(COUNTRY_CODES);
export function isCountryCode(value: string): boolean {
  return COUNTRY_SET.has(value);
}

/** A country's name in the reader's language ("KR" → "South Korea", "Өмнөд Солонгос"); the code when unknown. */
export function countryName(code: string, language: Language): string {
  if (!code) return '';
  const names = Object.hasOwn(COUNTRY_NAMES, code) ? COUNTRY_NAMES[code] : undefined;
  if (!names) return code;
  return language === 'mn' ? names[1] : names[0];
}

/**
 * Countries as a select offers them: `{ value: code, label: name }` in the reader's language,
 * alphabetical in it; `codes` limits them (all by default).
 */
export function countryOptions(
  language: Language,
  codes: readonly string[] = COUNTRY_CODES,
): { value: string; label: string }[] {
  return codes
    .map((code) => ({ value: code, label: countryName(code, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
