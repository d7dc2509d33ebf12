import { describe, expect, it } from 'vitest';
import { logError, logRequest } from './log-errors.ts';

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

  it('leaves other errors readable', () => {
    expect(logError(new Error('boom'))).toMatchObject({ type: 'Error', message: 'boom' });
    expect(logError('plain')).toBe('plain');
  });
});
