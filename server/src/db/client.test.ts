import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { createDb } from './client.ts';

describe('the database pool when the database ends a connection it has lent out', () => {
  const t = useTestApp();

  // Without the pool's listener on every client, the connection's 'error' is unheard and Vitest
  // reports it as an unhandled error (in a server, it ends the process).
  it('keeps the process alive: the statement that follows fails, and the pool carries on', async () => {
    const url = t.db.$client.options.connectionString!;
    const db = createDb(url, 2);
    try {
      // Checked out, between two statements (as inside a transaction), when its server process ends
      // (a database restart does this to every connection): the client hears of it with no query running.
      const lent = await db.$client.connect();
      const { rows } = await lent.query<{ pid: number }>('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 300));

      await expect(lent.query('select 1')).rejects.toThrow();
      lent.release(true);
      const again = await db.$client.query<{ answer: number }>('select 1 as answer');
      expect(again.rows[0]!.answer).toBe(1);
    } finally {
      await db.$client.end();
    }
  });
});
