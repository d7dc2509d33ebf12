import { getTableColumns, type Table } from 'drizzle-orm';

/** Some of a table's columns by name, in that order: a select of just what the caller keeps. */
export function pickColumns<T extends Table, const Name extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly Name[],
): Pick<T['_']['columns'], Name> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T['_']['columns'], Name>;
}
