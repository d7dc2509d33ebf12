import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, cookieHeader, DEFAULT_PASSWORD, errorOf, useTestApp } from '../test/helpers.ts';
import { enrolTotp } from '../test/second-factor.ts';

const PUBLIC_URL = 'https://aylal.example';

describe('in production', () => {
  const t = useTestApp({ NODE_ENV: 'production', PUBLIC_URL });

  it('sends session cookies only over HTTPS, with the __Secure- prefix, HttpOnly', async () => {
    const response = await t.authPost(
      '/sign-up/email',
      { email: 'prod@example.com', password: DEFAULT_PASSWORD, name: 'Prod' },
      { headers: { origin: 'https://aylal.example' } },
    );
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

  const signUp = async (email: string) => {
    const response = await t.authPost(
      '/sign-up/email',
      { email, password: DEFAULT_PASSWORD, name: 'Prod' },
      { headers: { origin: PUBLIC_URL } },
    );
    expect(response.statusCode).toBe(200);
    // The session cookie is Secure; a test over plain HTTP hands it on by hand.
    return cookieHeader(response);
  };

  it('trusts PUBLIC_URL only: loopback origins are foreign in production', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      const response = await t.authPost(
        '/sign-up/email',
        { email: `loopback-${origin.length}@example.com`, password: DEFAULT_PASSWORD, name: 'Loopback' },
        { headers: { origin } },
      );
      expect(response.statusCode, origin).toBe(403);
      expect(errorOf(response).code).toBe('CROSS_SITE_REQUEST');
    }
  });

  it('shows the API description to staff only', async () => {
    const user = await signUp('docs-user@example.com');
    const admin = await signUp(ADMIN_EMAIL);
    // ADMIN_EMAILS makes an address staff once verified (decision 022).
    await t.verifyEmail(ADMIN_EMAIL);
    for (const url of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/yaml',
      '/api/docs/static/index.html',
      '/api/docs/static/swagger-initializer.js',
      // The same routes spelled otherwise: the router decodes them, so must the guard (decision 021).
      '/%61pi/docs/json',
      '/api/%64ocs/json',
      '/api/docs/%6Aso%6e',
      '/%61%70%69/%64%6F%63%73/yaml',
      '/api/docs/json#x',
      '/api/docs/json?x=1',
    ]) {
      expect((await t.get(url)).statusCode, url).toBe(401);
      expect((await t.get(url, { cookie: user })).statusCode, url).toBe(403);
    }
    // Staff need two-step sign-in in production (STAFF_TWO_FACTOR defaults to required).
    const refused = await t.get('/api/docs/json', { cookie: admin });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('TWO_FACTOR_REQUIRED');
    const { cookie: staff } = await enrolTotp(t, admin, DEFAULT_PASSWORD, { origin: PUBLIC_URL });
    expect((await t.get('/api/docs/json', { cookie: staff })).statusCode).toBe(200);
    expect((await t.get('/api/docs/', { cookie: staff })).statusCode).toBe(200);
  });
});
