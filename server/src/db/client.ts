import { readFileSync } from 'node:fs';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** What `db.transaction(async (tx) => ...)` hands its callback: the one transaction type of the server. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A query runner: the pool, or a transaction already open (helpers that run inside both take this). */
export type DbOrTx = Db | Tx;

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** How long a request waits for a connection before answering 503 rather than hanging. */
export const CONNECTION_TIMEOUT_MS = 5000;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    // Requests are many and short: parallel query workers only add contention under load.
    options: '-c max_parallel_workers_per_gather=0',
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool
  // drops it and connects afresh on the next query, so nothing else is needed to recover.
  pool.on('error', () => undefined);
  // A client checked out of the pool (between two statements of a transaction, say) that loses its
  // connection emits 'error' on itself, and pg-pool listens to idle clients only: unheard, that
  // error ends the process. Heard here, the statement that follows fails instead (503), and the
  // pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return drizzle(pool, { schema }) as Db;
}

/** Any fixed number: the advisory lock that lets one process at a time migrate a shared database. */
const MIGRATION_LOCK = 0x61796c61; // "ayla"

/** Whether some process is migrating this database now (holds the migration lock). */
export async function isMigrating(db: Db): Promise<boolean> {
  // pg_advisory_lock(bigint) shows its high half as classid, its low half as objid, objsubid 1.
  const { rows } = await db.$client.query<{ migrating: boolean }>(
    `select exists (
       select 1 from pg_locks
       where locktype = 'advisory' and granted and classid = 0 and objid = $1::oid and objsubid = 1
         and database = (select oid from pg_database where datname = current_database())
     ) as migrating`,
    [MIGRATION_LOCK],
  );
  return rows[0]?.migrating ?? false;
}

/** Whether every migration of this version is applied (drizzle applies those newer than the last applied). */
async function isUpToDate(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await db.$client.query<{ applied: string | null }>(
      'select max(created_at)::text as applied from drizzle.__drizzle_migrations',
    );
    return Number(rows[0]?.applied ?? 0) >= newest;
  } catch {
    // No migrations table yet: a new database.
    return false;
  }
}

/**
 * Brings the schema up to date. Processes starting together on one database take turns (a
 * PostgreSQL advisory lock held on a connection of its own): the first migrates, the others then
 * find nothing to do, instead of racing through the same DDL.
 */
export async function migrateDb(db: Db): Promise<void> {
  // Nothing to apply (a restart of the same version): no lock taken, so the other processes'
  // readiness, which reads the lock as "migrating", never blinks during a rolling restart.
  if (await isUpToDate(db)) return;
  const lock = new pg.Client({
    connectionString: db.$client.options.connectionString,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
  });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Ending the session releases the lock too, should the unlock itself fail.
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}
