// What the seeds share: their words live in JSON files beside this one, read and checked here, and
// the seeds that go through a module's insert write their rows in batches.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** A JSON file in this folder, checked against `schema` (a seed with a wrong field fails at once). */
export function readSeedData<T extends z.ZodType>(file: string, schema: T): z.infer<T> {
  return schema.parse(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')));
}

/** Where a seed says how far it has got. */
export type SeedLog = (message: string) => void;
export const quiet: SeedLog = () => undefined;

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
