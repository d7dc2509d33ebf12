import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { startServerProcess, type ServerProcess } from '../src/bench/server-process.ts';
import type { SseClient } from '../src/bench/sse-client.ts';
import { createDatabaseFromTemplate, dropDatabase } from './database.ts';

export interface TwoServerProcesses {
  one: ServerProcess;
  two: ServerProcess;
  /** A connection of the test's own to the database both processes use. */
  sql: pg.Client;
  databaseUrl: string;
  /** The live streams a test opens: closed after the tests. */
  streams: SseClient[];
}

/**
 * Two real server processes (`env` over the test defaults) on a database of their own cloned from
 * the migrated template, started before a block's tests; after them the streams listed are closed,
 * the processes stopped and the database dropped. Fields are read inside hooks and tests.
 */
export function useTwoServerProcesses(env: Record<string, string>): TwoServerProcesses {
  const adminUrl = inject('testDbAdminUrl');
  const databaseName = `${inject('testDbPrefix')}_${randomBytes(4).toString('hex')}`;
  const processes = { streams: [] } as unknown as TwoServerProcesses;
  beforeAll(async () => {
    processes.databaseUrl = await createDatabaseFromTemplate(adminUrl, databaseName, inject('testDbTemplate'));
    [processes.one, processes.two] = await Promise.all([
      startServerProcess(processes.databaseUrl, env),
      startServerProcess(processes.databaseUrl, env),
    ]);
    processes.sql = new pg.Client({ connectionString: processes.databaseUrl });
    await processes.sql.connect();
  }, 120_000);
  afterAll(async () => {
    for (const stream of processes.streams) stream.close();
    await Promise.all([processes.one?.stop(), processes.two?.stop()]);
    await processes.sql?.end();
    await dropDatabase(adminUrl, databaseName);
  });
  return processes;
}
