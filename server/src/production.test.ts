import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from '../test/helpers.ts';

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://aylal.example' });
  });
  afterAll(() => t.close());

  it('sends session cookies only over HTTPS, with the __Secure- prefix, HttpOnly', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://aylal.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'prod@example.com', password: DEFAULT_PASSWORD, name: 'Prod' }),
    });
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith('__Secure-aylal.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    const hint = cookies.find((cookie) => cookie.startsWith('aylal_signed_in=1'));
    expect(hint).toMatch(/;\s*Secure/i);
  });

  it('asks browsers to keep to HTTPS', async () => {
    const response = await t.get('/api/health');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
