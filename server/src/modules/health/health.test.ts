import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb } from '../../db/client.ts';
import { findFreePort } from '../../db/embedded.ts';
import { HEALTH_TIMEOUT_MS } from './routes.ts';
import { useTestApp } from '../../../test/helpers.ts';

describe('GET /api/health', () => {
  const t = useTestApp();

  it('answers 200 {"status":"ok"} when the database answers', async () => {
    const response = await t.get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 {"status":"unavailable"} when the database cannot be reached', async () => {
    // Nothing listens on a port that was free a moment ago.
    const port = await findFreePort();
    const unreachable = createDb(`postgres://nobody:nothing@127.0.0.1:${port}/nothing`, 1);
    const app = await buildApp({ config: t.config, db: unreachable, webDistDir: null, logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database' });
    } finally {
      await app.close();
      await unreachable.$client.end();
    }
  });

  it('answers 503 within its own timeout when the database accepts connections but never answers', async () => {
    // A stalled server (or a network that drops packets): connecting never completes.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const stalled = createDb(`postgres://nobody:nothing@127.0.0.1:${port}/nothing`, 1);
    const app = await buildApp({ config: t.config, db: stalled, webDistDir: null, logger: false });
    try {
      const startedAt = Date.now();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      const elapsed = Date.now() - startedAt;
      expect(response.statusCode).toBe(503);
      expect(elapsed).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(HEALTH_TIMEOUT_MS + 1000);
    } finally {
      await app.close();
      // The stalled server stops taking connections before its sockets go, so that a connection
      // tried meanwhile (a pool or a listener trying again) is refused instead of stalling too.
      const closed = new Promise((resolve) => silent.close(resolve));
      for (const socket of sockets) socket.destroy();
      await stalled.$client.end();
      await closed;
    }
  });
});

describe('GET /api/health/ready', () => {
  const t = useTestApp();

  it('answers 200 while a process may be sent requests, 503 "migrating" while any process migrates', async () => {
    const ready = await t.get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('private, no-store');

    // What migrateDb holds while it migrates, held here by "another process".
    const other = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [0x61796c61]);
      const migrating = await t.get('/api/health/ready');
      expect(migrating.statusCode).toBe(503);
      expect(migrating.json()).toEqual({ status: 'unavailable', reason: 'migrating' });
      // Liveness is another matter: the process is well.
      expect((await t.get('/api/health')).statusCode).toBe(200);
      await other.query('select pg_advisory_unlock($1)', [0x61796c61]);
      expect((await t.get('/api/health/ready')).statusCode).toBe(200);
    } finally {
      await other.end();
    }
  });

  it('answers 503 "stopping" once the process starts to stop, while it still serves', async () => {
    t.app.lifecycle.drain();
    const stopping = await t.get('/api/health/ready');
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ status: 'unavailable', reason: 'stopping' });
    expect((await t.get('/api/health')).statusCode).toBe(200);
  });
});
