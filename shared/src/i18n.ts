export const LANGUAGES = ['en', 'mn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** localStorage key holding the chosen interface language (spec section 9). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks en or mn from an Accept-Language header; English when neither is asked for first. */
export function pickLanguage(acceptLanguage: string | undefined | null): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const match = ranked.find((entry) => isLanguage(entry.tag));
  return match ? (match.tag as Language) : DEFAULT_LANGUAGE;
}

/** The text of a bilingual field in the reader's language, falling back to the other one. */
export function pickText(value: { en: string; mn: string }, language: 'en' | 'mn'): string {
  return value[language] || value[language === 'en' ? 'mn' : 'en'];
}
