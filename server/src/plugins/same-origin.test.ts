import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDetail } from '@aylal/shared/schemas/jobs';
import { ADMIN_EMAIL, createTestApp, errorOf, multipart, ORIGIN, type TestApp } from '../../test/helpers.ts';
import { minimalCv } from '../../test/cv.ts';
import { jobInput } from '../../test/jobs.ts';

const CV = minimalCv({ fullName: 'Sarnai Bat', title: 'Welder', email: 'sarnai@example.com' });

describe('writes come only from our own origin', () => {
  let t: TestApp;
  let admin: string;
  let seeker: string;
  let job: JobDetail;

  const applications = async () =>
    Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from job_applications`)).rows[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
    admin = await t.signUp(ADMIN_EMAIL);
    seeker = await t.signUp('seeker@example.com');
    const created = await t.send('POST', '/api/admin/jobs', { cookie: admin, body: jobInput() });
    expect(created.statusCode).toBe(201);
    job = created.json() as JobDetail;
    const cv = await t.send('PUT', '/api/cv', { cookie: seeker, body: CV });
    expect(cv.statusCode).toBe(201);
  });
  afterAll(() => t.close());

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
        headers: { ...headers, cookie: seeker, 'content-type': contentType },
        payload: contentType === 'application/json' ? '{}' : 'a=b',
      });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    }
    expect(await applications()).toBe(before);
  });

  it('refuses foreign PUT, PATCH and DELETE too, the back office and Better Auth included', async () => {
    const foreign = { origin: 'http://localhost:4000', cookie: admin, 'content-type': 'application/json' };
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
    expect((await t.get('/api/me', { cookie: admin })).statusCode).toBe(200);
    expect((await t.get('/api/auth/get-session', { cookie: admin })).json()).toMatchObject({
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
        headers: { origin: ORIGIN, cookie: seeker, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${url} ${contentType}`).toBe(415);
      expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await applications()).toBe(before);
    expect((await t.get('/api/auth/get-session', { cookie: seeker })).json()).toMatchObject({
      user: { name: 'Test User' },
    });
  });

  it('lets our own pages write: our Origin, same-origin fetch, JSON or no body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${job.id}/applications`,
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin', cookie: seeker },
    });
    expect(response.statusCode).toBe(201);
    // Reads need no Origin.
    expect((await t.get('/api/applications', { cookie: seeker })).statusCode).toBe(200);
  });
});
