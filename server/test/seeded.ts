import type { SQL } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { ADMIN_EMAIL, type TestApp, useAccounts, useTestApp } from './helpers.ts';

/**
 * For the synthetic seeds' tests: a test app (caches off) with an admin signed in, whose database
 * `seed` fills once before the tests; `rows` is then what `query` reads back.
 */
export function useSeededApp<Row extends Record<string, unknown>>(seed: (db: Db) => Promise<unknown>, query: SQL) {
  const t = useTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL });
  const seeded = { t, accounts, rows: [] as Row[] };
  beforeAll(async () => {
    await seed(t.db);
    seeded.rows = (await t.db.execute<Row>(query)).rows as Row[];
  });
  return seeded;
}

/**
 * Staff search the list at `route` (a page of 100) for `q`: the total is the number of `rows`
 * whose search text holds `q` lower-cased, and a total that fits the page lists exactly those.
 * Answers the total.
 */
export async function expectSearchFinds(
  t: TestApp,
  cookie: string,
  route: string,
  q: string,
  rows: { id: string; search_text: string }[],
): Promise<number> {
  const response = await t.get(`${route}?pageSize=100&q=${encodeURIComponent(q)}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  const { items, total } = response.json() as { items: { id: string }[]; total: number };
  const matching = rows.filter((row) => row.search_text.includes(q.toLocaleLowerCase()));
  expect(total, q).toBe(matching.length);
  if (matching.length <= 100)
    expect(new Set(items.map((item) => item.id)), q).toEqual(new Set(matching.map((row) => row.id)));
  return total;
}
