import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers.ts';

/** `default-src 'self'; script-src 'self'` → { 'default-src': ["'self'"], ... } */
function parseCsp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the app', () => {
  const t = useTestApp();

  describe('security headers', () => {
    it.each(['/api/health', '/api/me', '/api/no-such-route'])('are sent with %s', async (url) => {
      const response = await t.get(url);
      const csp = parseCsp(response.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['script-src']).not.toContain("'unsafe-eval'");
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('are sent with Better Auth responses too', async () => {
      const response = await t.get('/api/auth/get-session');
      expect(response.statusCode).toBe(200);
      expect(parseCsp(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('do not ask browsers for HTTPS outside production', async () => {
      const response = await t.get('/api/health');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(parseCsp(response.headers['content-security-policy'])).not.toHaveProperty('upgrade-insecure-requests');
    });
  });

  describe('GET /api/docs/json', () => {
    it('is an OpenAPI document of the API routes', async () => {
      const response = await t.get('/api/docs/json');
      expect(response.statusCode).toBe(200);
      const document = response.json() as {
        openapi: string;
        info: { title: string };
        paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
      };
      expect(document.openapi).toMatch(/^3\.1\./);
      expect(document.info.title).toBe('Aylal API');
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          '/api/health',
          '/api/config',
          '/api/me',
          '/api/admin/users',
          '/api/admin/users/{id}/role',
          // Better Auth's routes are described too.
          '/api/auth/sign-in/email',
          '/api/auth/sign-up/email',
          '/api/auth/sign-out',
          '/api/auth/request-password-reset',
          '/api/auth/reset-password',
        ]),
      );
      expect(document.paths['/api/health']).toHaveProperty('get');
      expect(document.paths['/api/me']).toHaveProperty('get');
      const listing = document.paths['/api/admin/users']!.get!;
      expect(listing.parameters?.map((parameter) => parameter.name).sort()).toEqual([
        'from',
        'page',
        'pageSize',
        'q',
        'role',
        'to',
      ]);
      expect(document.paths['/api/admin/users/{id}/role']).toHaveProperty('patch.requestBody');
      // Catch-all plumbing stays out of the document.
      expect(Object.keys(document.paths).some((path) => path.includes('*'))).toBe(false);
    });

    it("is valid OpenAPI 3.1 under a real validator, Better Auth's operations included", async () => {
      const document = (await t.get('/api/docs/json')).json() as { openapi: string };
      expect(document.openapi).toBe('3.1.0');
      const validator = new Validator();
      const result = await validator.validate(document);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    });

    it("leaves out Better Auth's admin routes, which are not served", async () => {
      const document = (await t.get('/api/docs/json')).json() as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/auth/admin/'))).toEqual([]);
    });

    it('serves the interactive documentation', async () => {
      const response = await t.get('/api/docs/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    });
  });
});
