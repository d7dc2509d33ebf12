import type { Db } from '../db/client.ts';

/**
 * Runs `pass` while this process holds the session advisory lock `key`, on a connection of its
 * own; answers null at once when another process holds it (its pass is running). For the jobs
 * every process runs on a timer, of which one pass at a time must run: the privacy sweep,
 * payments' reconciliation, the giving back of consultation fees.
 */
export async function onePassAtATime<T>(db: Db, key: number, pass: () => Promise<T>): Promise<T | null> {
  const lock = await db.$client.connect();
  try {
    const { rows } = await lock.query<{ taken: boolean }>('select pg_try_advisory_lock($1) as taken', [key]);
    if (!rows[0]?.taken) return null;
    try {
      return await pass();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    lock.release();
  }
}
