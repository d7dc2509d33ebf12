import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrateDb } from '../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { databaseUrl, dropDatabasesWithPrefix } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test PostgreSQL server (any database on it). */
    testDbAdminUrl: string;
    /** The migrated database every test database is cloned from. */
    testDbTemplate: string;
    /** Prefix of every database this run creates; teardown drops them all. */
    testDbPrefix: string;
  }
}

/**
 * Once per run: a PostgreSQL server (TEST_DATABASE_URL, or the embedded one in a fresh temporary
 * DATA_DIR) and one migrated template database. Each test file clones the template
 * (server/test/helpers.ts), which takes milliseconds and keeps files isolated from each other.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;

  if (!adminUrl) {
    // mkdtemp makes a 0700 directory; the embedded server runs as the `postgres` user when we
    // are root, and that user must be able to reach its data directory.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'aylal-test-pg-'));
    chmodSync(dataDir, 0o755);
    const log: string[] = [];
    try {
      embedded = await startEmbeddedPostgres({ dataDir, log: (message) => log.push(message) });
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      console.error(log.join('\n'));
      throw error;
    }
    adminUrl = embedded.url;
    // A throwaway cluster: durability is worth nothing here, speed is.
    await withClient(adminUrl, async (client) => {
      await client.query('ALTER SYSTEM SET fsync = off');
      await client.query('ALTER SYSTEM SET synchronous_commit = off');
      await client.query('ALTER SYSTEM SET full_page_writes = off');
      await client.query('SELECT pg_reload_conf()');
    });
  }

  const prefix = `aylal_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_template`;

  const stop = async () => {
    try {
      if (!embedded) await dropDatabasesWithPrefix(adminUrl, prefix);
    } finally {
      await embedded?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  };

  try {
    // With the product's own locale (the embedded server's initdb: UTF-8, C), whatever the test
    // server's default is, so a query that only works under another locale fails here too.
    await withClient(adminUrl, (client) =>
      client.query(
        `CREATE DATABASE ${pg.escapeIdentifier(template)} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`,
      ),
    );
    const db = createDb(databaseUrl(adminUrl, template), 1);
    try {
      await migrateDb(db);
    } finally {
      // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
      await db.$client.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }

  project.provide('testDbAdminUrl', adminUrl);
  project.provide('testDbTemplate', template);
  project.provide('testDbPrefix', prefix);

  return stop;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
