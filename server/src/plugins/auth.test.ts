import { beforeAll, describe, expect, it } from 'vitest';
import enErrors from '@aylal/locales/en/error.json' with { type: 'json' };
import mnErrors from '@aylal/locales/mn/error.json' with { type: 'json' };
import { SESSION_HINT_COOKIE } from './auth.ts';
import { DEFAULT_PASSWORD, ORIGIN, cookieHeader, errorOf, type TestApp, useTestApp } from '../../test/helpers.ts';

type Code = keyof typeof enErrors;
const RESET_PAGE = `${ORIGIN}/reset-password`;

describe('/api/auth', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await t.signUp('known@example.com', DEFAULT_PASSWORD, 'Known Person');
  });

  /** Asserts the status and our error shape with the English catalogue text; returns the code. */
  function expectError(response: Awaited<ReturnType<TestApp['authPost']>>, status: number, code: Code) {
    expect(response.statusCode, response.body).toBe(status);
    expect(errorOf(response)).toEqual({ code, message: enErrors[code] });
  }

  describe('sign-up', () => {
    it('refuses a malformed email with 400 VALIDATION_FAILED', async () => {
      const response = await t.authPost('/sign-up/email', {
        email: 'not-an-email',
        password: 'long-enough',
        name: 'X',
      });
      expectError(response, 400, 'VALIDATION_FAILED');
    });

    it('refuses a 5-character password with AUTH_PASSWORD_TOO_SHORT and a 129-character one with AUTH_PASSWORD_TOO_LONG', async () => {
      expectError(
        await t.authPost('/sign-up/email', { email: 'short@example.com', password: '12345', name: 'Short' }),
        400,
        'AUTH_PASSWORD_TOO_SHORT',
      );
      expectError(
        await t.authPost('/sign-up/email', { email: 'long@example.com', password: 'x'.repeat(129), name: 'Long' }),
        400,
        'AUTH_PASSWORD_TOO_LONG',
      );
      // Neither account exists afterwards.
      expectError(
        await t.authPost('/sign-in/email', { email: 'short@example.com', password: '123456' }),
        404,
        'AUTH_USER_NOT_FOUND',
      );
    });

    it('accepts a 6-character password', async () => {
      const response = await t.authPost('/sign-up/email', {
        email: 'six@example.com',
        password: '123456',
        name: 'Six',
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.some((cookie) => cookie.name === 'aylal.session_token')).toBe(true);
    });

    it('refuses an address already registered, in any case, with AUTH_USER_EXISTS', async () => {
      expectError(
        await t.authPost('/sign-up/email', { email: 'KNOWN@example.com', password: 'another-one', name: 'Copy' }),
        422,
        'AUTH_USER_EXISTS',
      );
    });
  });

  describe('sign-in', () => {
    it('tells an unknown address apart with 404 AUTH_USER_NOT_FOUND', async () => {
      expectError(
        await t.authPost('/sign-in/email', { email: 'nobody@example.com', password: DEFAULT_PASSWORD }),
        404,
        'AUTH_USER_NOT_FOUND',
      );
    });

    it('answers a wrong password with 401 AUTH_WRONG_PASSWORD and no session cookie', async () => {
      const response = await t.authPost('/sign-in/email', { email: 'known@example.com', password: 'wrong-password' });
      expectError(response, 401, 'AUTH_WRONG_PASSWORD');
      expect(response.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);
    });

    it('signs in with the right password, whatever the case of the address', async () => {
      const response = await t.authPost('/sign-in/email', { email: 'Known@Example.com', password: DEFAULT_PASSWORD });
      expect(response.statusCode).toBe(200);
      const me = await t.get('/api/me', { cookie: cookieHeader(response) });
      expect(me.json()).toMatchObject({ email: 'known@example.com', name: 'Known Person' });
    });

    it('sets an HttpOnly session cookie and a readable signed-in hint, and clears both at sign-out', async () => {
      const signIn = await t.authPost('/sign-in/email', { email: 'known@example.com', password: DEFAULT_PASSWORD });
      const session = signIn.cookies.find((cookie) => cookie.name === 'aylal.session_token');
      const hint = signIn.cookies.find((cookie) => cookie.name === SESSION_HINT_COOKIE);
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(hint).toMatchObject({ value: '1', path: '/' });
      expect(hint!.httpOnly).toBeFalsy();
      expect(hint!.maxAge).toBe(session!.maxAge);

      const signOut = await t.authPost('/sign-out', {}, { cookie: cookieHeader(signIn) });
      expect(signOut.statusCode).toBe(200);
      const cleared = signOut.cookies.find((cookie) => cookie.name === SESSION_HINT_COOKIE);
      expect(cleared).toMatchObject({ value: '', maxAge: 0 });
    });

    it.each([
      ['en', undefined],
      ['mn', 'mn'],
      ['mn', 'mn-MN,en;q=0.8'],
      ['en', 'de-DE,en;q=0.9,mn;q=0.1'],
    ] as const)('answers in %s to Accept-Language %s', async (language, acceptLanguage) => {
      const catalogue: Record<string, string> = language === 'mn' ? mnErrors : enErrors;
      const headers: Record<string, string> = acceptLanguage ? { 'accept-language': acceptLanguage } : {};
      const cases = [
        [
          await t.authPost('/sign-in/email', { email: 'nobody@example.com', password: DEFAULT_PASSWORD }, { headers }),
          'AUTH_USER_NOT_FOUND',
        ],
        [
          await t.authPost('/sign-in/email', { email: 'known@example.com', password: 'wrong-password' }, { headers }),
          'AUTH_WRONG_PASSWORD',
        ],
        [
          await t.authPost('/sign-up/email', { email: 'x@example.com', password: '12345', name: 'X' }, { headers }),
          'AUTH_PASSWORD_TOO_SHORT',
        ],
        [await t.get('/api/me', { headers }), 'UNAUTHENTICATED'],
      ] as const;
      for (const [response, code] of cases) {
        expect(errorOf(response)).toEqual({ code, message: catalogue[code] });
      }
      if (language === 'mn') expect(catalogue.AUTH_WRONG_PASSWORD).toMatch(/[\u0400-\u04FF]/);
    });
  });

  describe('origin checks', () => {
    it('refuses a sign-in sent from a foreign origin', async () => {
      const response = await t.authPost(
        '/sign-in/email',
        { email: 'known@example.com', password: DEFAULT_PASSWORD },
        { headers: { origin: 'https://evil.example' } },
      );
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBeTypeOf('string');
      expect(response.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);
    });

    it('refuses a cookie-carrying POST from a foreign origin, and the session survives', async () => {
      const cookie = await t.signIn('known@example.com');
      const response = await t.authPost('/sign-out', {}, { cookie, headers: { origin: 'https://evil.example' } });
      expect(response.statusCode).toBe(403);
      expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);
    });

    it('accepts the 127.0.0.1 development origin', async () => {
      const response = await t.authPost(
        '/sign-in/email',
        { email: 'known@example.com', password: DEFAULT_PASSWORD },
        { headers: { origin: 'http://127.0.0.1:3000' } },
      );
      expect(response.statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    it('mails a link that leads to the reset page, sets the new password and revokes the old one', async () => {
      const email = 'forgetful@example.com';
      const oldPassword = 'old-password-1';
      const newPassword = 'new-password-2';
      const oldSession = await t.signUp(email, oldPassword, 'Forgetful');
      await t.app.deliveries.drain();
      const before = t.mails.length;

      const request = await t.authPost('/request-password-reset', { email, redirectTo: RESET_PAGE });
      expect(request.statusCode).toBe(200);
      await t.app.deliveries.drain();
      expect(t.mails).toHaveLength(before + 1);
      const mail = t.mails.at(-1)!;
      expect(mail.to).toBe(email);
      expect(mail.subject).toBe('Reset your Aylal password');
      expect(mail.text).toContain('Hello Forgetful,');
      const link = mail.text.match(/https?:\/\/\S+/)?.[0];
      expect(link).toBeDefined();
      const url = new URL(link!);
      expect(url.origin).toBe(ORIGIN);
      expect(url.pathname).toMatch(/^\/api\/auth\/reset-password\/[^/]+$/);
      expect(url.searchParams.get('callbackURL')).toBe(RESET_PAGE);
      expect(mail.html).toContain(`href="${link!.replaceAll('&', '&amp;')}"`);

      // Following the link lands on the web's reset page with the token.
      const follow = await t.get(url.pathname + url.search);
      expect(follow.statusCode).toBe(302);
      const landing = new URL(follow.headers.location as string);
      expect(`${landing.origin}${landing.pathname}`).toBe(RESET_PAGE);
      const token = landing.searchParams.get('token');
      expect(token).toBe(url.pathname.split('/').at(-1));

      const reset = await t.authPost('/reset-password', { newPassword, token });
      expect(reset.statusCode).toBe(200);

      expectError(await t.authPost('/sign-in/email', { email, password: oldPassword }), 401, 'AUTH_WRONG_PASSWORD');
      expect((await t.authPost('/sign-in/email', { email, password: newPassword })).statusCode).toBe(200);
      // Sessions opened with the old password end with it.
      expect((await t.get('/api/me', { cookie: oldSession })).statusCode).toBe(401);
      // A link works once.
      expectError(
        await t.authPost('/reset-password', { newPassword: 'third-password', token }),
        400,
        'RESET_INVALID_TOKEN',
      );
    });

    it('writes the mail in Mongolian to a Mongolian reader', async () => {
      await t.app.deliveries.drain();
      const before = t.mails.length;
      const response = await t.authPost(
        '/request-password-reset',
        { email: 'known@example.com', redirectTo: RESET_PAGE },
        { headers: { 'accept-language': 'mn' } },
      );
      expect(response.statusCode).toBe(200);
      await t.app.deliveries.drain();
      expect(t.mails).toHaveLength(before + 1);
      await t.app.deliveries.drain();
      expect(t.mails.at(-1)!.subject).toBe('Аялал бүртгэлийн нууц үгээ сэргээх');
    });

    it('answers 404 RESET_USER_NOT_FOUND for an unknown address and sends nothing', async () => {
      await t.app.deliveries.drain();
      const before = t.mails.length;
      expectError(
        await t.authPost('/request-password-reset', { email: 'nobody@example.com', redirectTo: RESET_PAGE }),
        404,
        'RESET_USER_NOT_FOUND',
      );
      await t.app.deliveries.drain();
      expect(t.mails).toHaveLength(before);
    });

    it('refuses to send a link that would lead off the site', async () => {
      await t.app.deliveries.drain();
      const before = t.mails.length;
      const response = await t.authPost('/request-password-reset', {
        email: 'known@example.com',
        redirectTo: 'https://evil.example/reset',
      });
      expect(response.statusCode).toBe(403);
      errorOf(response);
      await t.app.deliveries.drain();
      expect(t.mails).toHaveLength(before);
    });

    it('answers an invalid token with 400 RESET_INVALID_TOKEN', async () => {
      expectError(
        await t.authPost('/reset-password', { newPassword: 'whatever-1', token: 'not-a-token' }),
        400,
        'RESET_INVALID_TOKEN',
      );
    });

    it('sends a link with an invalid token to the reset page with the error, never off the site', async () => {
      const follow = await t.get(`/api/auth/reset-password/not-a-token?callbackURL=${encodeURIComponent(RESET_PAGE)}`);
      expect(follow.statusCode).toBe(302);
      const landing = new URL(follow.headers.location as string);
      expect(`${landing.origin}${landing.pathname}`).toBe(RESET_PAGE);
      expect(landing.searchParams.get('error')).toBe('INVALID_TOKEN');

      const offSite = await t.get(
        `/api/auth/reset-password/not-a-token?callbackURL=${encodeURIComponent('https://evil.example/')}`,
      );
      expect(offSite.statusCode).toBe(403);
      expect(offSite.headers.location).toBeUndefined();
    });
  });

  describe('malformed requests', () => {
    const routes = ['/sign-in/email', '/sign-up/email', '/request-password-reset', '/reset-password', '/sign-out'];
    const bodies: [string, string | undefined, string | undefined][] = [
      ['an empty body', 'application/json', undefined],
      ['an empty object', 'application/json', '{}'],
      ['invalid JSON', 'application/json', '{"email":'],
      ['a JSON array', 'application/json', '[1,2]'],
      ['JSON null', 'application/json', 'null'],
      ['text/plain', 'text/plain', 'email=x'],
      ['no content type', undefined, 'garbage'],
    ];

    it.each(routes.flatMap((route) => bodies.map(([label, type, body]) => [route, label, type, body] as const)))(
      'POST %s with %s answers 4xx in the error shape',
      async (route, _label, type, body) => {
        const response = await t.send('POST', `/api/auth${route}`, {
          headers: type ? { 'content-type': type } : {},
          ...(body === undefined ? {} : { raw: { payload: body } }),
        });
        // sign-out without a session is fine; everything else is a client error.
        if (route === '/sign-out' && response.statusCode === 200) return;
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        const error = errorOf(response);
        expect(error.message).toBe(enErrors[error.code as Code]);
      },
    );

    it('answers invalid JSON with 400 BAD_REQUEST, as every other route does', async () => {
      const response = await t.send('POST', '/api/auth/sign-in/email', {
        raw: { payload: '{"email":', contentType: 'application/json' },
      });
      expectError(response, 400, 'BAD_REQUEST');
    });

    it('answers an unknown auth path with 404 NOT_FOUND in the error shape', async () => {
      expectError(await t.get('/api/auth/no-such-thing'), 404, 'NOT_FOUND');
      expectError(await t.authPost('/no-such-thing', {}), 404, 'NOT_FOUND');
    });
  });
});

describe('/api/auth rate limit', () => {
  const LIMIT = 3;
  const t = useTestApp({ AUTH_RATE_LIMIT: String(LIMIT) });

  it(`answers 429 RATE_LIMITED after ${LIMIT} sign-in attempts a minute from one address`, async () => {
    const from = { remoteAddress: '203.0.113.10' };
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      const response = await t.authPost(
        '/sign-in/email',
        { email: 'nobody@example.com', password: 'whatever-1' },
        from,
      );
      expect(errorOf(response).code).toBe('AUTH_USER_NOT_FOUND');
    }
    const limited = await t.authPost('/sign-in/email', { email: 'nobody@example.com', password: 'whatever-1' }, from);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toEqual({ code: 'RATE_LIMITED', message: enErrors.RATE_LIMITED });

    const inMongolian = await t.authPost(
      '/sign-in/email',
      { email: 'x@example.com', password: 'whatever-1' },
      {
        ...from,
        headers: { 'accept-language': 'mn' },
      },
    );
    expect(errorOf(inMongolian)).toEqual({ code: 'RATE_LIMITED', message: mnErrors.RATE_LIMITED });

    // A forged forwarding header does not buy more attempts (no trusted proxy is configured)...
    const forged = await t.authPost(
      '/sign-in/email',
      { email: 'x@example.com', password: 'whatever-1' },
      {
        ...from,
        headers: {
          'x-forwarded-for': '198.51.100.1',
          'x-aylal-client-ip': '198.51.100.2',
          'x-real-ip': '198.51.100.3',
        },
      },
    );
    expect(forged.statusCode).toBe(429);

    // ...while another address is not held back.
    const other = await t.authPost(
      '/sign-in/email',
      { email: 'nobody@example.com', password: 'whatever-1' },
      { remoteAddress: '203.0.113.11' },
    );
    expect(errorOf(other).code).toBe('AUTH_USER_NOT_FOUND');
  });

  it.each([
    ['/sign-up/email', { email: 'new@example.com', password: '12345', name: 'New' }, '203.0.113.20'],
    ['/request-password-reset', { email: 'nobody@example.com', redirectTo: RESET_PAGE }, '203.0.113.21'],
    ['/reset-password', { newPassword: 'whatever-1', token: 'not-a-token' }, '203.0.113.22'],
  ])('limits %s as well', async (route, body, remoteAddress) => {
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      expect((await t.authPost(route, body, { remoteAddress })).statusCode).not.toBe(429);
    }
    const limited = await t.authPost(route, body, { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
  });
});
