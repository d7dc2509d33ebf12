import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateDb, type Db } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';

export interface BenchDatabase {
  url: string;
  /** A pool of two on it; the script ends it. */
  db: Db;
  /** Stops and removes the embedded PostgreSQL, if one was started. */
  close: () => Promise<void>;
}

/**
 * The database a benchmark script runs on: `databaseUrl` (its --database-url) when given, else a
 * fresh embedded PostgreSQL in a temporary folder named after `name`; migrated either way.
 */
export async function openBenchDatabase(databaseUrl: string | undefined, name: string): Promise<BenchDatabase> {
  let dataDir: string | undefined;
  let stopEmbedded = async () => {};
  const close = async () => {
    await stopEmbedded();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let url = databaseUrl;
    if (!url) {
      dataDir = mkdtempSync(path.join(os.tmpdir(), `aylal-bench-${name}-`));
      chmodSync(dataDir, 0o755);
      const embedded = await startEmbeddedPostgres({ dataDir, log: () => undefined });
      stopEmbedded = () => embedded.stop();
      url = embedded.url;
    }
    const db = createDb(url, 2);
    await migrateDb(db);
    return { url, db, close };
  } catch (error) {
    await close();
    throw error;
  }
}
