import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a URL can be a row id at all (anything else is "not found", not a database error). */
export const isUuid = (value: string) => UUID.test(value);

/** A search term taken literally inside a LIKE pattern. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether a text column contains a search term, ignoring case in every script. `lower()` and
 * `ilike` follow the database's character type, and the embedded database is created with the C
 * locale, under which they leave Cyrillic as it is ("Болормаа" never matched "болормаа"); the
 * ICU root collation lowers every script, whatever the database was created with.
 */
export function containsText(column: SQLWrapper, term: string): SQL {
  const pattern = `%${escapeLike(term.toLocaleLowerCase())}%`;
  return sql`lower(${column} collate "und-x-icu") like ${pattern}`;
}
