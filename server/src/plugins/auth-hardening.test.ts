import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import enErrors from '@aylal/locales/en/error.json' with { type: 'json' };
import { loadConfig } from '../config.ts';
import { authAttempts, sessions, users } from '../db/schema/auth.ts';
import { trustedOrigins } from './auth.ts';
import {
  ADMIN_EMAIL,
  DEFAULT_PASSWORD,
  cookieHeader,
  errorOf,
  type TestApp,
  expectError,
  useTestApp,
  RESET_PAGE,
} from '../../test/helpers.ts';

type Code = keyof typeof enErrors;
type Response = Awaited<ReturnType<TestApp['authPost']>>;
const SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** The answer once it is `status`, or the last one after two seconds. */
async function settled(read: () => Promise<Response>, status: number): Promise<Response> {
  const deadline = Date.now() + 2000;
  let response = await read();
  while (response.statusCode !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    response = await read();
  }
  return response;
}

/** The session cookie Better Auth would set for this token, signed with `secret`. */
function signedSessionCookie(token: string, secret = SECRET): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `aylal.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** The session token inside a signed session cookie (`name=token.signature`). */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(/aylal\.session_token=([^;]+)/.exec(cookie)![1]!);
  return value.slice(0, value.lastIndexOf('.'));
}

describe('Better Auth, hardened', () => {
  const t = useTestApp();
  let counter = 0;
  /** A fresh account per test, so tests do not share counters or sessions. */
  const newAccount = async (prefix: string, name = 'Test User') => {
    const email = `${prefix}-${++counter}@example.com`;
    const cookie = await t.signUp(email, DEFAULT_PASSWORD, name);
    return { email, cookie };
  };
  const getSession = (cookie: string) => t.get('/api/auth/get-session', { cookie });
  const nameOf = async (email: string) =>
    (await t.db.select({ name: users.name }).from(users).where(eq(users.email, email)))[0]?.name;
  const liveSessionCount = async (email: string) => {
    const [row] = await t.db
      .select({ value: sql<number>`count(*)::int` })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, email));
    return row!.value;
  };
  const requestReset = (email: string, remoteAddress = '198.51.100.1') =>
    t.authPost('/request-password-reset', { email, redirectTo: RESET_PAGE }, { remoteAddress });
  /** Asks for a reset link and sets the new password with the mailed token. */
  const resetPassword = async (email: string, newPassword: string) => {
    await t.app.deliveries.drain();
    const before = t.mails.length;
    expect((await requestReset(email)).statusCode).toBe(200);
    await t.app.deliveries.drain();
    expect(t.mails).toHaveLength(before + 1);
    const link = new URL(t.mails.at(-1)!.text.match(/https?:\/\/\S+/)![0]);
    const token = link.pathname.split('/').at(-1);
    const reset = await t.authPost('/reset-password', { newPassword, token });
    expect(reset.statusCode, reset.body).toBe(200);
  };

  describe('a session ends at once on every route', () => {
    it('after sign-out: get-session, update-user, list-sessions and /api/me refuse the old cookie', async () => {
      const { email, cookie } = await newAccount('leaving');
      // Warm every route first: nothing may be remembered from a call before sign-out.
      expect((await getSession(cookie)).json()).toMatchObject({ user: { email } });
      expect((await t.get('/api/auth/list-sessions', { cookie })).statusCode).toBe(200);

      expect((await t.authPost('/sign-out', {}, { cookie })).statusCode).toBe(200);

      expect((await getSession(cookie)).json()).toBeNull();
      expectError(await t.get('/api/auth/list-sessions', { cookie }), 401, 'UNAUTHENTICATED');
      expectError(await t.authPost('/update-user', { name: 'Renamed' }, { cookie }), 401, 'UNAUTHENTICATED');
      expectError(await t.get('/api/me', { cookie }), 401, 'UNAUTHENTICATED');
      expect(await nameOf(email)).toBe('Test User');
    });

    it('after a password reset: an old session can no longer read or rename the account', async () => {
      const { email, cookie } = await newAccount('reset');
      expect((await getSession(cookie)).statusCode).toBe(200);

      await resetPassword(email, 'brand-new-password');

      expect((await getSession(cookie)).json()).toBeNull();
      expectError(await t.authPost('/update-user', { name: 'Stolen' }, { cookie }), 401, 'UNAUTHENTICATED');
      expectError(await t.get('/api/auth/list-sessions', { cookie }), 401, 'UNAUTHENTICATED');
      expect(await nameOf(email)).toBe('Test User');
    });

    it('changing the password ends every other session, even when the client asks to keep them', async () => {
      const { email, cookie: here } = await newAccount('changer');
      const elsewhere = await t.signIn(email);
      expect((await getSession(elsewhere)).statusCode).toBe(200);

      const change = await t.authPost(
        '/change-password',
        { currentPassword: DEFAULT_PASSWORD, newPassword: 'another-password-1', revokeOtherSessions: false },
        { cookie: here },
      );
      expect(change.statusCode, change.body).toBe(200);

      expect((await getSession(elsewhere)).json()).toBeNull();
      expectError(await t.get('/api/me', { cookie: elsewhere }), 401, 'UNAUTHENTICATED');
      // The changer carries on with the session the answer set, and it is the only one left.
      const renewed = cookieHeader(change);
      expect((await t.get('/api/me', { cookie: renewed })).json()).toMatchObject({ email });
      expect(await liveSessionCount(email)).toBe(1);
    });
  });

  describe('update-user', () => {
    let renamed: { email: string; cookie: string };
    beforeAll(async () => {
      renamed = await newAccount('rename', 'Original Name');
    });

    it.each([
      ['an empty body', {}],
      ['an array body', []],
      ['an object as the name', { name: {} }],
      ['an array as the name', { name: [] }],
      ['0 as the name', { name: 0 }],
      ['true as the name', { name: true }],
      ['an empty name', { name: '' }],
      ['a blank name', { name: '   ' }],
      ['a name of 101 characters', { name: 'x'.repeat(101) }],
      ['null as the name', { name: null }],
      ['a picture', { image: 'https://evil.example/me.png' }],
      ['a name and a role', { name: 'Fine Name', role: 'admin' }],
      ['a name and a flag', { name: 'Fine Name', hasCV: true }],
    ])('refuses %s with 400 VALIDATION_FAILED and stores nothing', async (_label, body) => {
      const { email, cookie } = renamed;
      expectError(await t.authPost('/update-user', body, { cookie }), 400, 'VALIDATION_FAILED');
      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ name: 'Original Name', image: null, role: 'user', hasCV: false });
    });

    it('stores a real name, trimmed', async () => {
      const { cookie } = await newAccount('rename', 'Original Name');
      const response = await t.authPost('/update-user', { name: '  Dulma Bat  ' }, { cookie });
      expect(response.statusCode, response.body).toBe(200);
      expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ name: 'Dulma Bat' });
    });

    it('holds sign-up to the same name rule', async () => {
      const email = 'long-name@example.com';
      expectError(
        await t.authPost('/sign-up/email', { email, password: DEFAULT_PASSWORD, name: 'x'.repeat(101) }),
        400,
        'VALIDATION_FAILED',
      );
      expect(await nameOf(email)).toBeUndefined();
      const cookie = await t.signUp(email, DEFAULT_PASSWORD, '  Spaced Name ');
      expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ name: 'Spaced Name' });
    });
  });

  describe('revoke-session', () => {
    it("answers 404 NOT_FOUND to another account's session and leaves it alone", async () => {
      const victim = await newAccount('victim');
      const attacker = await newAccount('attacker');
      const [victimSession] = await t.db
        .select({ token: sessions.token })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, victim.email));

      expectError(
        await t.authPost('/revoke-session', { token: victimSession!.token }, { cookie: attacker.cookie }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await t.authPost('/revoke-session', { token: 'no-such-token' }, { cookie: attacker.cookie }),
        404,
        'NOT_FOUND',
      );
      expect((await t.get('/api/me', { cookie: victim.cookie })).statusCode).toBe(200);
      expect(await liveSessionCount(victim.email)).toBe(1);
    });

    it('revokes one of your own sessions, which then ends everywhere', async () => {
      const { email, cookie } = await newAccount('own');
      const other = await t.signIn(email);
      const listed = (await t.get('/api/auth/list-sessions', { cookie })).json() as unknown[];
      expect(listed).toHaveLength(2);

      const response = await t.authPost('/revoke-session', { token: tokenOf(other) }, { cookie });
      expect(response.statusCode, response.body).toBe(200);
      expectError(await t.get('/api/me', { cookie: other }), 401, 'UNAUTHENTICATED');
      expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);
    });

    it('leaves a signed-out caller to the 401 of the endpoint', async () => {
      expectError(await t.authPost('/revoke-session', { token: 'whatever' }), 401, 'UNAUTHENTICATED');
    });
  });

  describe("Better Auth's admin routes are not served", () => {
    let adminCookie: string;
    let target: { email: string; cookie: string };
    beforeAll(async () => {
      adminCookie = await t.signUp(ADMIN_EMAIL);
      target = await newAccount('target');
    });

    it.each([
      ['POST', '/api/auth/admin/set-role'],
      ['POST', '/api/auth/admin/set-user-password'],
      ['POST', '/api/auth/admin/ban-user'],
      ['POST', '/api/auth/admin/create-user'],
      ['GET', '/api/auth/admin/list-users'],
      ['POST', '/api/auth/Admin/set-role'],
      ['POST', '/api/auth/x/../admin/set-role'],
      ['POST', '/api/auth/%61dmin/set-role'],
      ['POST', '/api/auth/admin%2Fset-role'],
      ['POST', '/%61pi/auth/%41dmin/set-role'],
      ['POST', '/api/auth/%61dmin%2fset-user-password'],
    ] as const)('%s %s answers 404 NOT_FOUND to an admin, and changes nothing', async (method, url) => {
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, target.email));
      const response =
        method === 'POST'
          ? await t.send(method, url, {
              cookie: adminCookie,
              body: {
                userId: row!.id,
                role: 'superuser',
                newPassword: 'taken-over-1',
                email: 'made@example.com',
                password: 'made-password-1',
                name: 'Made',
              },
            })
          : await t.get(url, { cookie: adminCookie });
      expectError(response, 404, 'NOT_FOUND');
      const [after] = await t.db.select().from(users).where(eq(users.email, target.email));
      expect(after).toMatchObject({ role: 'user', banned: false });
      expect((await t.authPost('/sign-in/email', { email: target.email, password: DEFAULT_PASSWORD })).statusCode).toBe(
        200,
      );
      expect(await nameOf('made@example.com')).toBeUndefined();
    });

    it('hands Better Auth the path as the router decoded it: one spelling for our checks and its routes', async () => {
      const session = await t.get('/api/auth/get-sessio%6E', { cookie: adminCookie });
      expect(session.statusCode, session.body).toBe(200);
      expect(session.json()).toMatchObject({ user: { email: ADMIN_EMAIL } });
      // A NUL however deeply encoded is refused before Better Auth, never a 500.
      for (const url of ['/api/auth/reset-password/%2500', '/api/auth/reset-password/a%00b']) {
        expectError(await t.get(url), 400, 'VALIDATION_FAILED');
      }
    });

    it('the database holds roles to user and admin', async () => {
      await expect(
        t.db.update(users).set({ role: 'superuser' }).where(eq(users.email, target.email)),
      ).rejects.toThrow();
      await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, target.email));
      await t.db.update(users).set({ role: 'user' }).where(eq(users.email, target.email));
    });
  });

  describe('guessing a password', () => {
    const wrong = (email: string, remoteAddress: string) =>
      t.authPost('/sign-in/email', { email, password: 'wrong-password' }, { remoteAddress });
    const right = (email: string, remoteAddress: string) =>
      t.authPost('/sign-in/email', { email, password: DEFAULT_PASSWORD }, { remoteAddress });

    it('locks an account after 10 wrong passwords, whatever the addresses, until the password is reset', async () => {
      const { email } = await newAccount('guessed');
      const bystander = await newAccount('bystander');
      for (let attempt = 1; attempt <= 9; attempt++) {
        expectError(await wrong(email, `203.0.113.${attempt}`), 401, 'AUTH_WRONG_PASSWORD');
      }
      // A right password in between does not count as a failure.
      expect((await right(email, '203.0.113.100')).statusCode).toBe(200);
      expectError(await wrong(email, '203.0.113.10'), 401, 'AUTH_WRONG_PASSWORD');

      const locked = await right(email, '192.0.2.77');
      expectError(locked, 429, 'AUTH_ACCOUNT_LOCKED');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expectError(await wrong(email, '192.0.2.78'), 429, 'AUTH_ACCOUNT_LOCKED');
      // Other accounts, even from the same addresses, are not held back.
      expect((await right(bystander.email, '203.0.113.1')).statusCode).toBe(200);

      await resetPassword(email, 'after-the-reset-1');
      const afterReset = await t.authPost(
        '/sign-in/email',
        { email, password: 'after-the-reset-1' },
        { remoteAddress: '192.0.2.79' },
      );
      expect(afterReset.statusCode, afterReset.body).toBe(200);
    });

    it('opens again once the 15-minute window has passed', async () => {
      const { email } = await newAccount('waited');
      for (let attempt = 1; attempt <= 10; attempt++) await wrong(email, `203.0.113.${attempt}`);
      expectError(await right(email, '192.0.2.1'), 429, 'AUTH_ACCOUNT_LOCKED');
      await t.db
        .update(authAttempts)
        .set({ createdAt: sql`now() - interval '15 minutes 1 second'` })
        .where(eq(authAttempts.subject, email));
      expect((await right(email, '192.0.2.1')).statusCode).toBe(200);
    });

    it('lets no more than 10 of 25 concurrent guesses through', async () => {
      const { email } = await newAccount('raced');
      const responses = await Promise.all(
        Array.from({ length: 25 }, (_, index) => wrong(email, `198.51.100.${index + 1}`)),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    });
  });

  describe('password-reset mails', () => {
    it('sends at most 3 an hour to one recipient, whoever asks, answering every request alike', async () => {
      const { email } = await newAccount('reset-flood');
      const other = await newAccount('reset-other');
      await t.app.deliveries.drain();
      const before = t.mails.length;
      const answers = [];
      for (let request = 1; request <= 6; request++) {
        const response = await requestReset(email, `203.0.113.${request}`);
        expect(response.statusCode).toBe(200);
        answers.push(response.json());
      }
      await t.app.deliveries.drain();
      expect(t.mails.slice(before).map((mail) => mail.to)).toEqual([email, email, email]);
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);

      // Someone else still gets theirs.
      expect((await requestReset(other.email)).statusCode).toBe(200);
      await t.app.deliveries.drain();
      expect(t.mails.at(-1)!.to).toBe(other.email);
    });
  });

  describe('no 500 from odd input', () => {
    it.each([
      ['a NUL in the sign-in email', '/sign-in/email', { email: 'a\u0000@example.com', password: 'whatever-1' }],
      ['a NUL in the reset email', '/request-password-reset', { email: 'a\u0000@example.com', redirectTo: RESET_PAGE }],
      ['a NUL in the reset token', '/reset-password', { token: 'abc\u0000', newPassword: 'whatever-1' }],
      [
        'a NUL in a sign-up name',
        '/sign-up/email',
        { email: 'nul@example.com', password: 'whatever-1', name: 'a\u0000' },
      ],
      ['a NUL in a key', '/sign-in/email', { email: 'known@example.com', password: 'whatever-1', ['x\u0000']: 1 }],
      [
        'a NUL deep inside',
        '/sign-in/email',
        { email: 'known@example.com', password: 'whatever-1', x: [{ y: '\u0000' }] },
      ],
      ['a null email', '/sign-in/email', { email: null, password: 'whatever-1' }],
      ['a null reset token', '/reset-password', { token: null, newPassword: 'whatever-1' }],
      ['a null name at sign-up', '/sign-up/email', { email: 'null@example.com', password: 'whatever-1', name: null }],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, route, body) => {
      expectError(await t.authPost(route, body), 400, 'VALIDATION_FAILED');
    });

    it('refuses a NUL or a null in update-user with 400, signed in', async () => {
      const { email, cookie } = await newAccount('nul-rename', 'Kept Name');
      expectError(await t.authPost('/update-user', { name: 'a\u0000b' }, { cookie }), 400, 'VALIDATION_FAILED');
      expectError(await t.authPost('/update-user', { name: null }, { cookie }), 400, 'VALIDATION_FAILED');
      expect(await nameOf(email)).toBe('Kept Name');
    });

    it('refuses a NUL in the address of a link with 400', async () => {
      const response = await t.get(`/api/auth/reset-password/abc%00?callbackURL=${encodeURIComponent(RESET_PAGE)}`);
      expectError(response, 400, 'VALIDATION_FAILED');
    });

    const routes = [
      '/sign-up/email',
      '/sign-in/email',
      '/request-password-reset',
      '/reset-password',
      '/change-password',
      '/update-user',
      '/revoke-session',
      '/revoke-sessions',
      '/revoke-other-sessions',
      '/sign-out',
      '/get-session',
      '/list-sessions',
    ];
    const bodies: [string, string][] = [
      ['a top-level array', '[{"email":"a@example.com"}]'],
      ['a top-level number', '42'],
      ['a top-level string', '"email"'],
      ['numbers for every field', '{"email":1,"password":2,"name":3,"token":4,"newPassword":5,"currentPassword":6}'],
      [
        'objects for every field',
        '{"email":{},"password":[],"name":{},"token":[],"newPassword":{},"currentPassword":[]}',
      ],
      ['nulls for every field', '{"email":null,"password":null,"name":null,"token":null,"newPassword":null}'],
      ['a huge string', JSON.stringify({ email: `${'a'.repeat(70 * 1024)}@example.com`, name: 'x' })],
      ['deep nesting', `${'['.repeat(20000)}${']'.repeat(20000)}`],
      ['a NUL byte in invalid JSON', '{"email":"\u0000'],
    ];

    let oddUserId: string;
    beforeAll(async () => {
      const { email } = await newAccount('odd');
      oddUserId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    });

    it.each(routes.flatMap((route) => bodies.map(([label, body]) => [route, label, body] as const)))(
      'POST %s with %s answers 4xx in the error shape, signed in or not',
      async (route, _label, payload) => {
        // A session of its own per case (a case may end it), made directly: signing in is slow.
        const token = randomBytes(16).toString('hex');
        await t.db.insert(sessions).values({
          id: randomUUID(),
          token,
          userId: oddUserId,
          expiresAt: sql`now() + interval '1 hour'`,
        });
        const cookie = signedSessionCookie(token);
        expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);
        for (const caller of [undefined, cookie]) {
          const response = await t.send('POST', `/api/auth${route}`, {
            cookie: caller,
            raw: { payload, contentType: 'application/json' },
          });
          // get-session answers GET only; sign-out and the like may succeed with any body.
          if (response.statusCode < 400) continue;
          expect(response.statusCode, `${route} ${response.body}`).toBeLessThan(500);
          const error = errorOf(response);
          expect(error.message).toBe(enErrors[error.code as Code]);
        }
      },
    );
  });

  describe('the session check', () => {
    it('accepts only a cookie signed with the secret, for a live session of an account not banned', async () => {
      const { email, cookie } = await newAccount('checked');
      const [session] = await t.db
        .select({ id: sessions.id, token: sessions.token })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, email));
      const token = session!.token;
      expect((await t.get('/api/me', { cookie: signedSessionCookie(token) })).json()).toMatchObject({ email });

      for (const forged of [
        signedSessionCookie(token, 'another-secret-that-is-32-characters-long'),
        `aylal.session_token=${token}`,
        `aylal.session_token=${token}.`,
        `${signedSessionCookie(token)}x`,
        'aylal.session_token=%E0%A4%A',
        `__Secure-${signedSessionCookie(token)}`,
      ]) {
        expectError(await t.get('/api/me', { cookie: forged }), 401, 'UNAUTHENTICATED');
      }

      // Written straight to the database, a change reaches the session cache through NOTIFY, a
      // moment later.
      await t.db.update(users).set({ banned: true }).where(eq(users.email, email));
      expectError(await settled(() => t.get('/api/me', { cookie }), 401), 401, 'UNAUTHENTICATED');
      await t.db.update(users).set({ banned: false }).where(eq(users.email, email));
      expect((await settled(() => t.get('/api/me', { cookie }), 200)).statusCode).toBe(200);

      await t.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.id, session!.id));
      expectError(await settled(() => t.get('/api/me', { cookie }), 401), 401, 'UNAUTHENTICATED');
    });
  });

  describe('trusted origins', () => {
    const configFor = (NODE_ENV: string) =>
      loadConfig({ NODE_ENV, AUTH_SECRET: SECRET, PUBLIC_URL: 'https://aylal.example', PORT: '3000' });

    it('are PUBLIC_URL alone in production, and the loopback names too elsewhere', () => {
      expect(trustedOrigins(configFor('production'))).toEqual(['https://aylal.example']);
      expect(trustedOrigins(configFor('development')).sort()).toEqual(
        ['http://127.0.0.1:3000', 'http://localhost:3000', 'https://aylal.example'].sort(),
      );
    });
  });
});
