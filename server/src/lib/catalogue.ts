// What the trip catalogue and the job listings share (docs/decisions/032): their public lists'
// kept answers, the check of an id from a path, the read of one item by id, and a list's page
// with its total.

import { sql, type SQL } from 'drizzle-orm';
import type { ErrorCode } from '@aylal/shared/errors';
import type { Db, Tx } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { isUuid } from './sql-text.ts';
import { sharedAnswer, sharedCache, type SharedAnswer, type TtlCache } from './ttl-cache.ts';

/**
 * A public list's answers: it changes a few times a day and is read constantly, so answers are
 * shared for CATALOGUE_CACHE_SECONDS per process (0: none) and forgotten at once when staff change
 * an item (a route's `changes`). Each is kept with its JSON, written out once, not per request.
 */
export type CatalogueCache<V> = TtlCache<SharedAnswer<V>>;

export const createCatalogueCache = <V>(seconds: number): CatalogueCache<V> => sharedCache(seconds);

/** The answer kept under `key`, or `read`'s, kept from now on. */
export function keptAnswer<V>(cache: CatalogueCache<V>, key: string, read: () => Promise<V>): Promise<SharedAnswer<V>> {
  return cache.get(key, () => read().then(sharedAnswer));
}

/** An id that cannot be an item's is simply not found (a mistyped link is not a bad request). */
export function assertCatalogueId(id: string, notFound: ErrorCode): void {
  if (!isUuid(id)) throw new AppError(notFound);
}

/**
 * One staff change to the item `id` in a transaction: `lock` reads it under its row lock (none, or
 * an id that cannot be one: `notFound`), then `change` runs with what it read.
 */
export async function changeCatalogueItem<Before>(
  db: Db,
  id: string,
  notFound: ErrorCode,
  lock: (tx: Tx, id: string) => Promise<Before | null | undefined>,
  change: (tx: Tx, before: Before) => Promise<void>,
): Promise<void> {
  assertCatalogueId(id, notFound);
  await db.transaction(async (tx) => {
    const before = await lock(tx, id);
    if (!before) throw new AppError(notFound);
    await change(tx, before);
  });
}

/** The one row `read` finds for the id from a path; `notFound` for an id that cannot be one or finds none. */
export async function findCatalogueRow<Row>(
  id: string,
  notFound: ErrorCode,
  read: (id: string) => PromiseLike<Row[]>,
): Promise<Row> {
  assertCatalogueId(id, notFound);
  const [row] = await read(id);
  if (!row) throw new AppError(notFound);
  return row;
}

export interface CataloguePage<Item> {
  total: number;
  /** More matched than `cap`; `total` is the cap. */
  totalCapped: boolean;
  items: Item[];
}

/**
 * One page (`query`'s; pages count from 1) of a list (`select`, without its limit) and the count
 * of every row of `table` that matches `where`, read at once, each row answered as `toItem` makes it.
 * With `cap` the count stops past it: an exact total of a huge match costs a scan and helps no one.
 */
export async function readCataloguePage<Row extends Record<string, unknown>, Item>(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
  { select, table, where, cap }: { select: SQL; table: SQL; where: SQL; cap?: number },
  toItem: (row: Row) => Item,
): Promise<CataloguePage<Item>> {
  const [rows, count] = await Promise.all([
    db.execute<Row>(sql`${select}
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute<{ total: number }>(
      cap === undefined
        ? sql`select count(*)::int as total from ${table} where ${where}`
        : sql`select count(*)::int as total from (select 1 from ${table} where ${where} limit ${cap + 1}) matches`,
    ),
  ]);
  const counted = count.rows[0]?.total ?? 0;
  return {
    total: cap === undefined ? counted : Math.min(counted, cap),
    totalCapped: cap !== undefined && counted > cap,
    items: (rows.rows as Row[]).map(toItem),
  };
}
