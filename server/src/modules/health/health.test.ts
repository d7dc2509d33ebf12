import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb } from '../../db/client.ts';
import { findFreePort } from '../../db/embedded.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

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
});
