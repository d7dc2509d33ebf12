import { inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { storageRemovals } from '../../db/schema/privacy.ts';
import type { Storage } from '../../lib/storage.ts';

/** A failed removal is tried again after this, doubling with each attempt up to an hour. */
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
const BATCH = 200;

/**
 * Notes stored files to remove, in the transaction that deletes the rows pointing at them
 * (docs/decisions/027): if the store is down when it commits, the list still holds them.
 */
export async function queueRemovals(tx: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(storageRemovals)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

/**
 * Removes queued files from the store: the given keys (right after the commit that queued them),
 * or every one that is due. Each removed file leaves the list; a failure (the store down) keeps it
 * there for a later try. Rows are taken with SKIP LOCKED, so processes share the work. Returns how
 * many files were removed and how many are still waiting.
 */
export async function removeQueued(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  keys?: readonly string[],
  now = new Date(),
): Promise<{ removed: number; failed: number }> {
  if (keys?.length === 0) return { removed: 0, failed: 0 };
  let removed = 0;
  let failed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(storageRemovals)
        .where(keys ? inArray(storageRemovals.key, [...keys]) : lte(storageRemovals.nextAttemptAt, now))
        .orderBy(storageRemovals.nextAttemptAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const gone: string[] = [];
      for (const row of due) {
        try {
          await storage.remove(row.key);
          gone.push(row.key);
        } catch (error) {
          failed += 1;
          const delay = Math.min(RETRY_BASE_MS * 2 ** row.attempts, RETRY_MAX_MS);
          await tx
            .update(storageRemovals)
            .set({
              attempts: row.attempts + 1,
              nextAttemptAt: new Date(now.getTime() + delay),
              error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
            })
            .where(sql`${storageRemovals.key} = ${row.key}`);
        }
      }
      if (gone.length > 0) await tx.delete(storageRemovals).where(inArray(storageRemovals.key, gone));
      removed += gone.length;
      // One batch for given keys; otherwise until nothing due is left that this pass has not tried.
      return keys !== undefined || due.length < BATCH || gone.length === 0;
    });
    if (done) break;
  }
  if (failed > 0) log.warn({ removed, failed }, 'stored files could not be removed yet; they are tried again later');
  return { removed, failed };
}

/** Files still waiting to be removed (tests, the sweep's report). */
export async function countQueuedRemovals(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(storageRemovals);
  return row?.count ?? 0;
}
