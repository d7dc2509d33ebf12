import { createServer, type Socket } from 'node:net';
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
