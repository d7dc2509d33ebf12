import { describe, expect, it } from 'vitest';
import { random } from '../db/seeds/synthetic-trips.ts';
import { searchKey } from './search-key.ts';

describe('the search key', () => {
  it('spells Mongolian letters in upper-case Latin pairs and leaves everything else as it is', () => {
    expect(searchKey('дорж')).toBe('YEYPYSYH');
    expect(searchKey('батсайхан')).toMatch(/^[A-Z]+$/);
    expect(searchKey('bat-erdene e1234567 v-2026-00042 a@b.mn')).toBe('bat-erdene e1234567 v-2026-00042 a@b.mn');
    expect(searchKey('khövsgöl 北京')).toBe('khövsgöl 北京');
  });

  it('finds a word in a text exactly where the word is in the text, in any mix of scripts', () => {
    // Letters that share a code's second letter with a code's start, digits, Latin look-alikes.
    const alphabet = [...'абвгдеёжзийклмноөпрстуүфхцчшщъыьэюяyzaxbk019 -.@ö'];
    const next = random(2026);
    const text = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    let found = 0;
    for (let i = 0; i < 20_000; i++) {
      const haystack = text(12);
      const start = Math.floor(next() * 12);
      // Half the words are cut from the text, half are made up.
      const word = next() < 0.5 ? haystack.slice(start, start + 1 + Math.floor(next() * 4)) : text(1 + (i % 3));
      const expected = haystack.includes(word);
      if (searchKey(haystack).includes(searchKey(word)) !== expected) {
        throw new Error(`"${word}" in "${haystack}": the key says ${!expected}`);
      }
      if (expected) found++;
    }
    expect(found).toBeGreaterThan(9000);
  });
});
