import { pickLanguage, type Language } from '@aylal/shared/i18n';
// The error texts live once, in the web's `error` namespace; the server reads the same files so an
// API client gets the very words a person sees (docs/decisions/003-one-error-catalogue.md).
import en from '@aylal/locales/en/error.json' with { type: 'json' };
import mn from '@aylal/locales/mn/error.json' with { type: 'json' };

const CATALOGUE: Record<Language, Record<string, string>> = { en, mn };

export function translateError(code: string, language: Language): string {
  return CATALOGUE[language][code] ?? CATALOGUE.en[code] ?? CATALOGUE[language].INTERNAL ?? code;
}

export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const header = headers['accept-language'];
  return pickLanguage(Array.isArray(header) ? header[0] : header);
}
