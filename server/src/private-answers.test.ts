import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, useTestApp } from '../test/helpers.ts';
import { apiOperations, createApiRecords, fillPath, type ApiRecords } from '../test/api-walk.ts';

/**
 * The routes whose answers are the same for whoever asks, declared so by the route itself
 * (`config: { publicCache: true }`): the public catalogue, the job listings and their files, the
 * installation's public settings. They keep their own caching; every other answer under /api,
 * and every error, is `private, no-store` (decision 021). A route added to this list must be
 * declared in its module too, and the other way round: the test fails otherwise.
 */
const PUBLIC_ROUTES = new Set([
  '/api/config',
  '/api/trips',
  '/api/trips/{id}',
  '/api/jobs',
  '/api/jobs/{id}',
  '/api/jobs/{id}/materials/{materialId}',
]);

describe('answers that depend on who asks are kept by nobody', () => {
  const t = useTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
  let records: ApiRecords;
  const callers: Record<string, string> = {};

  beforeAll(async () => {
    callers.anonymous = '';
    callers.user = await t.signUp('private-user@example.com');
    callers.admin = await t.signUp(ADMIN_EMAIL);
    records = await createApiRecords(t, callers.admin, callers.user);
  });

  it('answers every GET route of the OpenAPI document private, no-store unless it is declared public, errors included', async () => {
    const reads = (await apiOperations(t)).filter(({ method }) => method === 'GET');
    expect(reads.length).toBeGreaterThan(50);
    // Better Auth's reads are in the document too.
    expect(reads.filter(({ path }) => path.startsWith('/api/auth/')).length).toBeGreaterThan(5);
    const failures: string[] = [];
    const seen = new Set<string>();
    for (const { path } of reads) {
      // The live stream never ends: it is read over real HTTP below.
      if (path === '/api/notifications/stream') continue;
      for (const [role, cookie] of Object.entries(callers)) {
        for (const url of [fillPath(path, records), `${fillPath(path, records)}?page=-1&q=%00`]) {
          const response = await t.get(url, { cookie });
          const cacheControl = response.headers['cache-control'];
          const isPublic = PUBLIC_ROUTES.has(path) && response.statusCode < 400;
          if (response.statusCode >= 500) failures.push(`${role} GET ${url}: ${response.statusCode}`);
          if (isPublic) {
            seen.add(path);
            if (!/^public, max-age=\d+$/.test(String(cacheControl)))
              failures.push(`${role} GET ${url} (${response.statusCode}): ${cacheControl}, expected public caching`);
          } else if (cacheControl !== 'private, no-store') {
            failures.push(`${role} GET ${url} (${response.statusCode}): cache-control ${cacheControl}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Each public route answered with its caching at least once: the list holds no stale entry.
    expect([...seen].sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers the API description, unknown API paths and refusals private, no-store', async () => {
    for (const url of ['/api/docs/json', '/api/docs/', '/api/nothing-here', '/%61pi/nothing-here', '/api/trips/%zz']) {
      expect((await t.get(url)).headers['cache-control'], url).toBe('private, no-store');
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/trips',
      headers: { origin: 'http://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('opens the live stream private, no-store too', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const aborted = new AbortController();
    try {
      const response = await fetch(`${address}/api/notifications/stream`, {
        headers: { cookie: callers.user! },
        signal: aborted.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('cache-control')).toBe('private, no-store, no-transform');
    } finally {
      aborted.abort();
    }
  });
});
