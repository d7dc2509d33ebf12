import { describe, expect, it } from 'vitest';
import { isLanguage, pickLanguage } from './i18n.ts';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'en'],
    [null, 'en'],
    ['', 'en'],
    ['mn', 'mn'],
    ['MN', 'mn'],
    ['mn-MN', 'mn'],
    ['mn-MN,mn;q=0.9,en;q=0.8', 'mn'],
    ['en-US,mn;q=0.9', 'en'],
    ['mn;q=0.5,en;q=0.9', 'en'],
    ['en;q=0.5, mn;q=0.9', 'mn'],
    ['fr,de', 'en'],
    ['fr-FR,mn;q=0.8', 'mn'],
    ['*', 'en'],
    ['mn;q=abc,en', 'en'],
  ] as const)('picks from %j → %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });
});

describe('isLanguage', () => {
  it('knows en and mn only', () => {
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('mn')).toBe(true);
    expect(isLanguage('ru')).toBe(false);
    expect(isLanguage(null)).toBe(false);
  });
});

describe('pickLanguage edge cases', () => {
  it('ignores a language refused with q=0', () => {
    expect(pickLanguage('mn;q=0, en')).toBe('en');
  });
  it('matches whole primary subtags only', () => {
    expect(pickLanguage('mni, mn;q=0.5')).toBe('mn');
    expect(pickLanguage('mni')).toBe('en');
  });
});
