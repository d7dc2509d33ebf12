import { pickLanguage, type Language } from '@aylal/shared/i18n';
// The error texts live once, in the web's `error` namespace; the server reads the same files so an
// API client gets the very words a person sees (docs/decisions/003-one-error-catalogue.md).
import en from '@aylal/locales/en/error.json' with { type: 'json' };
import mn from '@aylal/locales/mn/error.json' with { type: 'json' };

import enProfile from '@aylal/locales/en/profile.json' with { type: 'json' };
import mnProfile from '@aylal/locales/mn/profile.json' with { type: 'json' };
import enVisa from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import enSecondFactor from '@aylal/locales/en/secondFactor.json' with { type: 'json' };
import mnSecondFactor from '@aylal/locales/mn/secondFactor.json' with { type: 'json' };
import mnVisa from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };

const CATALOGUE: Record<Language, Record<string, string>> = { en, mn };

type Groups = Partial<Record<'errors' | 'validation', Record<string, string>>>;

/**
 * The namespaces whose `errors.*` or `validation.*` the shared schemas name as their refusal
 * messages ('profile:errors.phone', 'visaApplicationForm:validation.tooLong').
 */
const FIELD_MESSAGES: Record<string, Record<Language, Groups>> = {
  profile: { en: enProfile, mn: mnProfile },
  visaApplicationForm: { en: enVisa, mn: mnVisa },
  secondFactor: { en: enSecondFactor, mn: mnSecondFactor },
};

/**
 * A validation issue's message in the caller's language when a shared schema words it as an i18n
 * key (`profile:errors.phone`, `visaApplicationForm:validation.actionMessage`); any other message
 * is left as it is.
 */
export function translateFieldMessage(message: string, language: Language): string {
  const found = /^(\w+):(errors|validation)\.(\w+)$/.exec(message);
  if (!found) return message;
  const [, namespace = '', group, key = ''] = found;
  const words = (lang: Language) => FIELD_MESSAGES[namespace]?.[lang][group as keyof Groups]?.[key];
  return words(language) ?? words('en') ?? message;
}

/**
 * One of the visa form's problems (`visaProblems`) in the caller's words, naming its field and,
 * for a dependant's, whose: "Phone number: Enter a phone number of 7 to 15 digits…".
 */
export function describeVisaProblem(
  problem: { path: string; message: string },
  language: Language,
  dependantName?: string,
): string {
  const field = problem.path.split('.').pop() ?? problem.path;
  const fields = (language === 'mn' ? mnVisa : enVisa).fields as Record<string, string>;
  const label = fields[field] ?? enVisa.fields[field as keyof typeof enVisa.fields] ?? field;
  const text = translateFieldMessage(`visaApplicationForm:validation.${problem.message}`, language);
  return `${dependantName ? `${label} (${dependantName})` : label}: ${text}`;
}

export function translateError(code: string, language: Language): string {
  return CATALOGUE[language][code] ?? CATALOGUE.en[code] ?? CATALOGUE[language].INTERNAL ?? code;
}

export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const header = headers['accept-language'];
  return pickLanguage(Array.isArray(header) ? header[0] : header);
}
