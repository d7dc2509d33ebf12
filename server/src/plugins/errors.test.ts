import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import enErrors from '@aylal/locales/en/error.json' with { type: 'json' };
import mnErrors from '@aylal/locales/mn/error.json' with { type: 'json' };
import { buildApp } from '../app.ts';
import { createDb } from '../db/client.ts';
import { findFreePort } from '../db/embedded.ts';
import { ADMIN_EMAIL, errorOf, useAccounts, useTestApp } from '../../test/helpers.ts';

/** Nothing about the server's insides reaches a client: no stack, no file paths, no driver text. */
function expectNoInternals(response: LightMyRequestResponse) {
  expect(response.body).not.toMatch(/stack|\bat .+:\d+|\.ts\b|node_modules|ECONNREFUSED|Error:/i);
}

describe('error responses', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { adminCookie: ADMIN_EMAIL });

  it.each([
    ['GET', '/api/x'],
    ['POST', '/api/x/y'],
    ['DELETE', '/api/health'],
    ['GET', '/api'],
  ] as const)('%s %s answers 404 NOT_FOUND in the error shape', async (method, url) => {
    const response = await t.send(method, url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: enErrors.NOT_FOUND });
    expectNoInternals(response);
  });

  it.each([
    ['GET', '/api/trips/%E0%A4%A'],
    ['GET', '/%zz'],
    ['GET', '/api/jobs/%'],
    ['GET', '/api/auth/reset-password/%C0%AF'],
    ['GET', '/api/auth/get-session%zz'],
    ['POST', '/api/visa-applications/%E0%A4%A/submit'],
    ['DELETE', '/api/cv%'],
  ] as const)(
    '%s %s (malformed percent-encoding) answers 400 BAD_REQUEST in our shape, in either language',
    async (method, url) => {
      for (const [language, messages] of [
        ['en', enErrors],
        ['mn', mnErrors],
      ] as const) {
        const response = await t.send(method, url, {
          cookie: accounts.adminCookie,
          headers: { 'accept-language': language },
        });
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['cache-control']).toBe('private, no-store');
        expect(errorOf(response)).toEqual({ code: 'BAD_REQUEST', message: messages.BAD_REQUEST });
        expectNoInternals(response);
      }
    },
  );

  it('answers in Mongolian to a Mongolian reader', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/x', headers: { 'accept-language': 'mn' } });
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: mnErrors.NOT_FOUND });
  });

  it('answers malformed JSON to the admin role route with 400 BAD_REQUEST, not 500', async () => {
    const response = await t.send('PATCH', '/api/admin/users/some-id/role', {
      cookie: accounts.adminCookie,
      raw: { payload: '{"role": "admin"', contentType: 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'BAD_REQUEST', message: enErrors.BAD_REQUEST });
    expectNoInternals(response);
  });

  it('answers an unsupported content type with a 4xx in the error shape', async () => {
    const response = await t.send('PATCH', '/api/admin/users/some-id/role', {
      cookie: accounts.adminCookie,
      raw: { payload: '<role>admin</role>', contentType: 'text/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: enErrors.UNSUPPORTED_MEDIA_TYPE,
    });
    expectNoInternals(response);
  });

  it('answers a body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await t.send('PATCH', '/api/admin/users/some-id/role', {
      cookie: accounts.adminCookie,
      body: { role: 'admin', padding: 'x'.repeat(1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: enErrors.PAYLOAD_TOO_LARGE });
  });

  it('hides the details of an unexpected error behind 500 INTERNAL', async () => {
    const app = await buildApp({ config: t.config, db: t.db, webDistDir: null, logger: false });
    app.get('/boom', async () => {
      throw new Error('password=hunter2 at /srv/aylal/server/src/secret.ts:12');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(500);
      expect(errorOf(response)).toEqual({ code: 'INTERNAL', message: enErrors.INTERNAL });
      expect(response.body).not.toContain('hunter2');
      expectNoInternals(response);
    } finally {
      await app.close();
    }
  });

  it('answers a transaction PostgreSQL ended to break a deadlock with 503 and Retry-After, not 500', async () => {
    const app = await buildApp({ config: t.config, db: t.db, webDistDir: null, logger: false });
    // Two transactions locking two rows in opposite orders: PostgreSQL cancels one of them.
    app.get('/deadlock', async () => {
      const [a, b] = ['deadlock-a', 'deadlock-b'];
      const lockBoth = (first: string, second: string) =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${first}))`);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${second}))`);
        });
      await Promise.all([lockBoth(a, b), lockBoth(b, a)]);
      return { ok: true };
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/deadlock' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(errorOf(response)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: enErrors.SERVICE_UNAVAILABLE });
      expectNoInternals(response);
    } finally {
      await app.close();
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE without internals when the database is down mid-request', async () => {
    const port = await findFreePort();
    const unreachable = createDb(`postgres://nobody:nothing@127.0.0.1:${port}/nothing`, 1);
    const app = await buildApp({ config: t.config, db: unreachable, webDistDir: null, logger: false });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/admin/users',
        headers: { cookie: accounts.adminCookie },
      });
      expect(response.statusCode).toBe(503);
      expect(errorOf(response)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: enErrors.SERVICE_UNAVAILABLE });
      expectNoInternals(response);
    } finally {
      await app.close();
      await unreachable.$client.end();
    }
  });
});
