// What the seeds share: their words live in JSON files beside this one, read and checked here, and
// the seeds that go through a module's insert write their rows in batches.
import { readFileSync } from 'node:fs';
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { Db } from '../client.ts';
import { createSeedNames } from './synthetic-people.ts';

/** A JSON file in this folder, checked against `schema` (a seed with a wrong field fails at once). */
export function readSeedData<T extends z.ZodType>(file: string, schema: T): z.infer<T> {
  return schema.parse(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')));
}

/** Where a seed says how far it has got. */
export type SeedLog = (message: string) => void;
export const quiet: SeedLog = () => undefined;

/** Weights in percent: [value, weight], adding up to 100 (synthetic-people.ts's `slots`). */
export const WeightsSchema = z.array(z.tuple([z.string(), z.number().int().min(1)]));

/** Text in English and in Mongolian. */
export const BilingualTextSchema = z.object({ en: z.string(), mn: z.string() });

/**
 * Inserts `rows` `batch` at a time through `insert`, each a minute older than the one before (so
 * "newest first" has a real order), and logs the count every ten batches.
 */
export async function insertInBatches<T>(
  rows: T[],
  batch: number,
  insert: (rows: T[], createdAt: (index: number) => Date) => Promise<unknown>,
  log: SeedLog,
  noun: string,
): Promise<void> {
  const base = Date.now();
  for (let start = 0; start < rows.length; start += batch) {
    await insert(rows.slice(start, start + batch), (index) => new Date(base - (start + index) * 60_000));
    if ((start / batch) % 10 === 9) log(`  ${start + batch} ${noun}`);
  }
}

/**
 * Runs `write` in one transaction on a connection of its own, with `seed_names` there, once it is
 * sure the seed has not run on this database (`firstUserId` is the first user it makes); any error
 * rolls it all back.
 */
export async function inFreshSeedTransaction(
  db: Db,
  firstUserId: string,
  what: string,
  write: (client: PoolClient) => Promise<void>,
) {
  const client = await db.$client.connect();
  try {
    const { rowCount } = await client.query('select 1 from users where id = $1', [firstUserId]);
    if (rowCount) throw new Error(`${what} are there already: seed a fresh database`);
    await client.query('begin');
    await createSeedNames(client);
    await write(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
