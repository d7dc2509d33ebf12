import { describe, expect, it } from 'vitest';
import { ORIGIN, useTestApp } from '../../test/helpers.ts';
import { logError, logPath, logRequest } from './log-errors.ts';

describe('logError', () => {
  it("keeps a failed query's parameters and its cause's values out of the log", () => {
    const cause = Object.assign(new Error('duplicate key: Key (email)=(bolor@example.com) already exists'), {
      code: '23505',
      constraint: 'users_email_key',
      detail: 'Key (email)=(bolor@example.com) already exists.',
    });
    const error = new Error('Failed query: update "profiles" set "address" = $1\nparams: 12 Peace Avenue,AB1234567', {
      cause,
    });
    const logged = JSON.stringify(logError(error));
    expect(logged).toContain('Failed query: update \\"profiles\\"');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_email_key');
    for (const secret of ['Peace Avenue', 'AB1234567', 'bolor@example.com']) expect(logged).not.toContain(secret);
  });

  it('logs a request without its query string (what was searched for)', () => {
    const logged = logRequest({ method: 'GET', url: '/api/admin/visa-applications?q=4567&state=submitted', host: 'x' });
    expect(logged).toMatchObject({ method: 'GET', url: '/api/admin/visa-applications?…', host: 'x' });
    expect(JSON.stringify(logged)).not.toContain('4567');
    expect(logRequest({ method: 'GET', url: '/api/trips' }).url).toBe('/api/trips');
  });

  it('logs no secret a path carries: reset tokens, however spelled, and anything shaped like a token', () => {
    const token = 'Zq8rT2vXk9LmN4pQ7sWy1Bc3';
    for (const [url, logged] of [
      [`/api/auth/reset-password/${token}?callbackURL=%2Freset-password`, '/api/auth/reset-password/…?…'],
      [`/api/auth/reset-password/${token}`, '/api/auth/reset-password/…'],
      [`/api/auth/reset-password/${token}/more`, '/api/auth/reset-password/…'],
      [`/api/auth/%72eset-password/${token}`, '/api/auth/%72eset-password/…'],
      [`/%61pi/auth/RESET-PASSWORD/${token}%zz`, '/%61pi/auth/RESET-PASSWORD/…'],
      [`/api/auth/reset-password%2F${token}`, '/api/auth/…'],
      [`http://evil.example/api/auth/reset-password/${token}`, 'http://evil.example/api/auth/reset-password/…'],
      [`/api/auth/verify-email?token=${token}`, '/api/auth/verify-email?…'],
      [`/api/auth/magic-link/verify?token=${token}`, '/api/auth/magic-link/verify?…'],
      [`/api/auth/magic-link/verify/${token}`, '/api/auth/magic-link/verify/…'],
      [`/api/auth/verify-email/${token}`, '/api/auth/verify-email/…'],
      [`/reset-password#token=${token}`, '/reset-password#…'],
      // Anything else shaped like a generated secret, on any path.
      [`/api/anything/${token}/x`, '/api/anything/…/x'],
      ['/api/x/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', '/api/x/…'],
    ] as const) {
      expect(logPath(url), url).toBe(logged);
      expect(JSON.stringify(logRequest({ method: 'GET', url })), url).not.toContain(token);
    }
  });

  it('keeps the paths that carry no secret readable: ids, pages, assets', () => {
    for (const url of [
      '/api/jobs/6b1f9f0e-3c1d-4c59-9d55-0e7f0b6b9a11/applications',
      '/api/auth/sign-in/email',
      '/api/auth/reset-password',
      '/trips/6b1f9f0e-3c1d-4c59-9d55-0e7f0b6b9a11',
      '/assets/visa-application-page-CjK3x9aQ.js',
      '/api/admin/visa-applications.csv',
    ]) {
      expect(logPath(url)).toBe(url);
    }
  });

  it('leaves other errors readable', () => {
    expect(logError(new Error('boom'))).toMatchObject({ type: 'Error', message: 'boom' });
    expect(logError('plain')).toBe('plain');
  });
});

describe("a running app's log", () => {
  const lines: string[] = [];
  const t = useTestApp({}, { logLines: lines });

  it('keeps no token of a reset, verification or magic link, however the path is spelled', async () => {
    const email = 'logged@example.com';
    await t.signUp(email);
    const asked = await t.authPost('/request-password-reset', { email, redirectTo: `${ORIGIN}/reset-password` });
    expect(asked.statusCode).toBe(200);
    await t.app.deliveries.drain();
    const link = new URL(t.mails.at(-1)!.text.match(/https?:\/\/\S+/)![0]);
    const token = link.pathname.split('/').at(-1)!;
    expect(token.length).toBeGreaterThanOrEqual(16);
    lines.length = 0;

    const spelled = (path: string) => path.replace('reset-password', '%72eset-password');
    for (const url of [
      link.pathname + link.search,
      spelled(link.pathname) + link.search,
      link.pathname.replace('/api/', '/%61pi/'),
      `${link.pathname}%zz`,
      `/api/auth/reset-password%2F${token}`,
      `/api/auth/verify-email?token=${token}&callbackURL=%2F`,
      `/api/auth/magic-link/verify?token=${token}`,
      `/api/auth/magic-link/verify/${token}`,
      `/reset-password?token=${token}`,
    ]) {
      const response = await t.get(url);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    // The reset itself takes the token in its body, which is never logged.
    const reset = await t.authPost('/reset-password', { newPassword: 'a-new-password-42', token });
    expect(reset.statusCode).toBe(200);

    const requests = lines.filter((line) => line.includes('"req"'));
    expect(requests.length).toBeGreaterThanOrEqual(10);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
    expect(requests.join('\n')).toContain('/api/auth/reset-password/…');
  });

  it("takes Better Auth's own lines as JSON: an error's stack is a field, never raw lines", async () => {
    lines.length = 0;
    const context = await t.app.auth.$context;
    const failure = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    context.logger.error('Failed to run background task:', failure);
    context.logger.info('not kept: below warn');
    const kept = lines.filter((line) => line.includes('Better Auth'));
    expect(kept).toHaveLength(1);
    const entry = JSON.parse(kept[0]!) as { level: number; msg: string; details: { type: string; message: string }[] };
    expect(entry).toMatchObject({ level: 50, msg: 'Better Auth: Failed to run background task:' });
    expect(entry.details[0]).toMatchObject({ type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432' });
    expect(lines.join('')).not.toMatch(/^\s+at /m);
  });
});
