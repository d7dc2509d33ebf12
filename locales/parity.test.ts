import { describe, expect, it } from 'vitest';

/**
 * The English and Mongolian catalogues must stay in step: the same namespace files, the same
 * nested keys, the same {{placeholders}}, and Mongolian texts that are actually Mongolian.
 * Generic over whatever files locales/{en,mn} hold.
 */
// Read through Vite, so the test needs no Node types and sees files added later on its own.
const modules = import.meta.glob<Json>('./{en,mn}/**/*.json', { eager: true, import: 'default' });

/**
 * Words that are the same in both languages: brands, currencies, document names, and "English",
 * which a language switcher shows in English whatever the interface language (an endonym).
 */
const SAME_IN_BOTH = [
  'Google',
  'LinkedIn',
  'GitHub',
  'Facebook',
  'Instagram',
  'CV',
  'PDF',
  'USD',
  'MNT',
  'English',
  'QPay',
];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** `error.json`, `admin/users.json`, ... of one language, sorted. */
const filesOf = (language: string) =>
  Object.keys(modules)
    .filter((file) => file.startsWith(`./${language}/`))
    .map((file) => file.slice(`./${language}/`.length))
    .sort();

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`; objects and arrays both count as branches. */
function flatten(value: Json, prefix = '', out: Record<string, Json> = {}): Record<string, Json> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

const readCatalogue = (language: string, file: string) => flatten(modules[`./${language}/${file}`]!);

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((match) => match[1]!).sort();

/** The words a reader reads: without placeholders, markup, addresses and same-in-both words. */
function readableText(text: string): string {
  let rest = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/<\/?[a-zA-Z0-9]+\s*\/?>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ');
  for (const word of SAME_IN_BOTH) rest = rest.replace(new RegExp(`\\b${word}\\b`, 'g'), ' ');
  return rest;
}

const hasLatin = (text: string) => /[A-Za-z]/.test(text);
const hasLetters = (text: string) => /\p{L}/u.test(text);
const hasCyrillic = (text: string) => /\p{Script=Cyrillic}/u.test(text);

const enFiles = filesOf('en');
const mnFiles = filesOf('mn');

describe('locale catalogues', () => {
  it('exist for both languages', () => {
    expect(enFiles.length).toBeGreaterThan(0);
    expect(enFiles).toContain('error.json');
  });

  it('have the same namespace files in en and mn', () => {
    expect(mnFiles).toEqual(enFiles);
  });

  describe.each(enFiles.filter((file) => mnFiles.includes(file)))('%s', (file) => {
    const en = readCatalogue('en', file);
    const mn = readCatalogue('mn', file);

    it('has exactly the same nested keys in en and mn', () => {
      expect({
        missingInMn: Object.keys(en).filter((key) => !(key in mn)),
        missingInEn: Object.keys(mn).filter((key) => !(key in en)),
      }).toEqual({ missingInMn: [], missingInEn: [] });
    });

    it('holds a text of the same kind and the same {{placeholders}} under every key', () => {
      const problems = Object.keys(en)
        .filter((key) => key in mn)
        .flatMap((key) => {
          const [enValue, mnValue] = [en[key], mn[key]];
          if (typeof enValue !== typeof mnValue) return [`${key}: ${typeof enValue} in en, ${typeof mnValue} in mn`];
          if (typeof enValue !== 'string' || typeof mnValue !== 'string') return [];
          const [enVars, mnVars] = [placeholders(enValue), placeholders(mnValue)];
          return enVars.join() === mnVars.join()
            ? []
            : [`${key}: {{${enVars.join(', ')}}} in en, {{${mnVars.join(', ')}}} in mn`];
        });
      expect(problems).toEqual([]);
    });

    it('translates every text (an identical en and mn text is only for brand names and the like)', () => {
      const untranslated = Object.keys(en)
        .filter((key) => typeof mn[key] === 'string' && mn[key] === en[key])
        .filter((key) => hasLatin(readableText(mn[key] as string)))
        .map((key) => `${key}: ${JSON.stringify(mn[key])}`);
      expect(untranslated).toEqual([]);
    });

    it('writes Mongolian texts in Cyrillic', () => {
      const notCyrillic = Object.entries(mn)
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
        .filter(([, value]) => {
          const text = readableText(value);
          return hasLetters(text) && !hasCyrillic(text);
        })
        .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
      expect(notCyrillic).toEqual([]);
    });
  });
});
