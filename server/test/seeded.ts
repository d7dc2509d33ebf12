import type { SQL } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { ADMIN_EMAIL, useAccounts, useTestApp } from './helpers.ts';

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
