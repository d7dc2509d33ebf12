import { sql } from 'drizzle-orm';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobDetail } from '@aylal/shared/schemas/jobs';
import { ADMIN_EMAIL, errorOf, multipart, ORIGIN, useAccounts, useTestApp } from '../../test/helpers.ts';
import { minimalCv } from '../../test/cv.ts';
import { jobInput } from '../../test/jobs.ts';
import {
  apiOperations,
  createApiRecords,
  fillPath,
  changedTables,
  fingerprint,
  type ApiRecords,
} from '../../test/api-walk.ts';

const CV = minimalCv({ fullName: 'Sarnai Bat', title: 'Welder', email: 'sarnai@example.com' });

describe('writes come only from our own origin', () => {
  const t = useTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL, seeker: 'seeker@example.com' });
  let job: JobDetail;

  const applications = async () =>
    Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from job_applications`)).rows[0]!.n);

  beforeAll(async () => {
    const created = await t.send('POST', '/api/admin/jobs', { cookie: accounts.admin, body: jobInput() });
    expect(created.statusCode).toBe(201);
    job = created.json() as JobDetail;
    const cv = await t.send('PUT', '/api/cv', { cookie: accounts.seeker, body: CV });
    expect(cv.statusCode).toBe(201);
  });

  // What a page elsewhere can make a browser send without asking: a form post, text/plain or
  // urlencoded, with the visitor's Lax cookies when it is on the same site (another port).
  it.each([
    ['a page on another port of this host', { origin: 'http://localhost:4000', 'sec-fetch-site': 'same-site' }],
    ['a page on another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['a request with no Origin', {}],
    ['an opaque origin', { origin: 'null' }],
    ['our Origin but a same-site fetch', { origin: ORIGIN, 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403 before any handler runs, and nothing changes', async (_name, headers) => {
    const before = await applications();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/json']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/jobs/${job.id}/applications`,
        headers: { ...headers, cookie: accounts.seeker, 'content-type': contentType },
        payload: contentType === 'application/json' ? '{}' : 'a=b',
      });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    }
    expect(await applications()).toBe(before);
  });

  it('refuses foreign PUT, PATCH and DELETE too, the back office and Better Auth included', async () => {
    const foreign = { origin: 'http://localhost:4000', cookie: accounts.admin, 'content-type': 'application/json' };
    for (const [method, url, payload] of [
      ['PUT', `/api/admin/jobs/${job.id}`, JSON.stringify(jobInput({ company: 'Changed' }))],
      ['DELETE', `/api/admin/jobs/${job.id}`, undefined],
      ['PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/role', '{"role":"admin"}'],
      ['POST', '/api/auth/sign-out', '{}'],
      ['POST', '/api/auth/update-user', '{"name":"Renamed"}'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: foreign, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // The job, the admin's name and session are as they were.
    expect((await t.get(`/api/jobs/${job.id}`)).json()).toMatchObject({ company: job.company });
    expect((await t.get('/api/me', { cookie: accounts.admin })).statusCode).toBe(200);
    expect((await t.get('/api/auth/get-session', { cookie: accounts.admin })).json()).toMatchObject({
      user: { name: 'Test User' },
    });
  });

  it('takes bodies only as JSON (415 for form encodings, even empty ones), multipart only where files go', async () => {
    const before = await applications();
    for (const [url, contentType, payload] of [
      [`/api/jobs/${job.id}/applications`, 'text/plain', '{}'],
      [`/api/jobs/${job.id}/applications`, 'application/x-www-form-urlencoded', ''],
      [`/api/jobs/${job.id}/applications`, 'text/plain;charset=UTF-8', ''],
      [`/api/jobs/${job.id}/applications`, multipart({ a: 'b' }).contentType, multipart({ a: 'b' }).payload],
      ['/api/auth/update-user', 'text/plain', '{"name":"Plain"}'],
      ['/api/auth/update-user', 'application/x-www-form-urlencoded', 'name=Plain'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN, cookie: accounts.seeker, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${url} ${contentType}`).toBe(415);
      expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await applications()).toBe(before);
    expect((await t.get('/api/auth/get-session', { cookie: accounts.seeker })).json()).toMatchObject({
      user: { name: 'Test User' },
    });
  });

  it('lets our own pages write: our Origin, same-origin fetch, JSON or no body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${job.id}/applications`,
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin', cookie: accounts.seeker },
    });
    expect(response.statusCode).toBe(201);
    // Reads need no Origin.
    expect((await t.get('/api/applications', { cookie: accounts.seeker })).statusCode).toBe(200);
  });
});

/** `%xx` for a character, its hex digits in upper or lower case. */
const percent = (char: string, upper: boolean) => {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex.toLowerCase()}`;
};

/** Encodes the letters of a documented path's fixed segments (never its `{parameters}`) that `pick` chooses. */
function encodeLetters(path: string, pick: (letter: string, index: number, all: number) => string | null): string {
  const letters = [...path.matchAll(/[a-z]/gi)].filter((match) => {
    const before = path.lastIndexOf('{', match.index);
    return before === -1 || path.indexOf('}', before) < match.index;
  });
  let result = '';
  let last = 0;
  letters.forEach((match, index) => {
    const encoded = pick(match[0], index, letters.length);
    if (encoded === null) return;
    result += path.slice(last, match.index) + encoded;
    last = match.index + 1;
  });
  return result + path.slice(last);
}

/**
 * The same route spelled otherwise: what a browser sends as it is (a page's `fetch` or form can
 * target any of these), and what Fastify's router decodes back to the route.
 */
const SPELLINGS: [string, (path: string) => string][] = [
  ['/%61pi', (path) => path.replace(/^\/api/, '/%61pi')],
  [
    'its last letter encoded',
    (path) => encodeLetters(path, (letter, index, all) => (index === all - 1 ? percent(letter, true) : null)),
  ],
  [
    'a letter in the middle, lower-case hex',
    (path) =>
      encodeLetters(path, (letter, index, all) => (index === Math.floor(all / 2) ? percent(letter, false) : null)),
  ],
  [
    'every letter, hex in mixed case',
    (path) => encodeLetters(path, (letter, index) => percent(letter, index % 2 === 0)),
  ],
  ['a double slash first', (path) => `/${path}`],
  ['a double slash after /api', (path) => path.replace(/^\/api\//, '/api//')],
];

describe('the gate follows the route, however its path is spelled', () => {
  const t = useTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL, user: 'walker@example.com' });
  let records: ApiRecords;

  beforeAll(async () => {
    records = await createApiRecords(t, accounts.admin, accounts.user);
  });

  it(
    'refuses a foreign Origin (403) and a form body (415) on every state-changing route, encoded, and nothing changes',
    { timeout: 300_000 },
    async () => {
      const operations = (await apiOperations(t)).filter(({ method }) => !['GET', 'HEAD', 'OPTIONS'].includes(method));
      expect(operations.length).toBeGreaterThan(70);
      const failures: string[] = [];
      for (const { method, path } of operations) {
        const cookie = path.startsWith('/api/admin/') ? accounts.admin : accounts.user;
        const before = await fingerprint(t);
        for (const [spelling, spell] of SPELLINGS) {
          const url = fillPath(spell(path), records, path);
          const attempts: [Record<string, string>, string | undefined, number, string][] = [
            [{ origin: 'http://evil.example', 'content-type': 'text/plain' }, 'a=b', 403, 'CROSS_SITE_REQUEST'],
            [
              {
                origin: 'http://localhost:4000',
                'sec-fetch-site': 'same-site',
                'content-type': 'text/plain;charset=UTF-8',
              },
              '{}',
              403,
              'CROSS_SITE_REQUEST',
            ],
            [{ origin: 'http://evil.example', 'content-type': 'application/json' }, '{}', 403, 'CROSS_SITE_REQUEST'],
            [{ origin: 'http://evil.example' }, undefined, 403, 'CROSS_SITE_REQUEST'],
            [{ origin: ORIGIN, 'content-type': 'text/plain' }, '{}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
            [
              { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
              'a=b',
              415,
              'UNSUPPORTED_MEDIA_TYPE',
            ],
          ];
          for (const [headers, payload, status, code] of attempts) {
            const response = await t.app.inject({
              method: method as 'POST',
              url,
              headers: { ...headers, cookie },
              payload,
            });
            const answer =
              response.statusCode === status && response.json<{ error?: { code?: string } }>().error?.code === code;
            if (!answer)
              failures.push(
                `${method} ${url} (${spelling}, ${JSON.stringify(headers)}): ${response.statusCode} ${response.body.slice(0, 120)}`,
              );
          }
        }
        const after = await fingerprint(t);
        if (after !== before)
          failures.push(`rows changed: ${method} ${path} (${changedTables(before, after).join(', ')})`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('refuses an absolute URL as the request target (no /api/ prefix to see) over real HTTP', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await fingerprint(t);
    const ask = (target: string, headers: Record<string, string>, body: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        const lines = Object.entries({
          host: `127.0.0.1:${port}`,
          connection: 'close',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        }).map(([key, value]) => `${key}: ${value}`);
        // Written, not ended: a client that half-closes may lose an answer still being made.
        socket.write(`POST ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
      });
    for (const target of [
      'http://evil.example/api/visa-applications',
      `http://127.0.0.1:${port}/%61pi/visa-applications`,
    ]) {
      const foreign = await ask(
        target,
        { origin: 'http://evil.example', 'content-type': 'text/plain', cookie: accounts.user },
        'a=b',
      );
      expect(foreign, target).toMatch(/^HTTP\/1\.1 403 /);
      expect(foreign).toContain('CROSS_SITE_REQUEST');
      const form = await ask(target, { origin: ORIGIN, 'content-type': 'text/plain', cookie: accounts.user }, '{}');
      expect(form, target).toMatch(/^HTTP\/1\.1 415 /);
    }
    expect(await fingerprint(t)).toBe(before);
  });
});
