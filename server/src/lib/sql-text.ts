const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a URL can be a row id at all (anything else is "not found", not a database error). */
export const isUuid = (value: string) => UUID.test(value);

/** A search term taken literally inside a LIKE pattern. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
