// A search text's key: the lower-cased text with each Mongolian Cyrillic letter written as two
// upper-case Latin letters, so that a trigram index serves searches in Mongolian too. pg_trgm takes
// only the letters and digits of the database's character type for words, and the embedded
// database is created with the C locale, under which Cyrillic letters are none: "батсайхан" had
// no trigrams, and searching it read the whole table.
//
// The key finds exactly what the text would: a word is in a text where its key is in the text's
// key. Each letter's code starts with Y or Z and ends with one of A to X, and a lower-cased text has
// no upper-case letters of its own, so a key can only be found in another where their letters line
// up. Letters of other scripts stay as they are (found exactly, but not through the index).

import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { escapeLike } from './sql-text.ts';

/** The Mongolian Cyrillic alphabet (35 letters), lower case. */
const LETTERS = 'абвгдеёжзийклмноөпрстуүфхцчшщъыьэюя';
const SECOND = 'ABCDEFGHIJKLMNOPQRSTUVWX';

const CODE = new Map(
  [...LETTERS].map((letter, index) => [
    letter,
    `${index < SECOND.length ? 'Y' : 'Z'}${SECOND[index % SECOND.length]!}`,
  ]),
);

/** The key of a lower-cased text ("дорж" → "YEYPYSYH"). */
export function searchKey(text: string): string {
  let key = '';
  for (const character of text) key += CODE.get(character) ?? character;
  return key;
}

/** Whether a column holding the key of a lower-cased text contains `word` (lower-cased). */
export function searchKeyContains(column: SQLWrapper, word: string): SQL {
  return sql`${column} like ${`%${escapeLike(searchKey(word))}%`}`;
}
