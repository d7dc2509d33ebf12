import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema/auth.ts';
import { DEFAULT_PASSWORD, cookieHeader, expectError, useTestApp } from '../../test/helpers.ts';

describe('no session token reaches the browser; devices are signed out by id (decision 022)', () => {
  const t = useTestApp();
  let counter = 0;

  const tokensOf = async (email: string) =>
    (
      await t.db
        .select({ id: sessions.id, token: sessions.token })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, email))
    ).map((row) => row);
  const newAccount = async () => {
    const email = `devices-${++counter}@example.com`;
    return { email, cookie: await t.signUp(email) };
  };

  it('answers sign-up, sign-in, get-session and list-sessions without any token', async () => {
    const email = `answers-${++counter}@example.com`;
    const signUp = await t.authPost('/sign-up/email', { email, password: DEFAULT_PASSWORD, name: 'Tokenless' });
    const signIn = await t.authPost('/sign-in/email', { email, password: DEFAULT_PASSWORD });
    const cookie = cookieHeader(signIn);
    const session = await t.get('/api/auth/get-session', { cookie });
    const list = await t.get('/api/auth/list-sessions', { cookie });
    for (const response of [signUp, signIn, session, list]) expect(response.statusCode, response.body).toBe(200);

    const tokens = (await tokensOf(email)).map((row) => row.token);
    expect(tokens).toHaveLength(2);
    for (const response of [signUp, signIn, session, list]) {
      for (const token of tokens) expect(response.body).not.toContain(token);
      expect(response.body).not.toMatch(/"token"/);
    }
    expect(signIn.json()).toMatchObject({ user: { email } });
    expect(session.json()).toMatchObject({ user: { email }, session: { userId: expect.any(String) } });
  });

  it("lists devices by id, the caller's own marked current", async () => {
    const { email, cookie } = await newAccount();
    const other = await t.signIn(email);
    const listed = (await t.get('/api/auth/list-sessions', { cookie })).json() as { id: string; current: boolean }[];
    const rows = await tokensOf(email);
    expect(listed.map((item) => item.id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(listed.filter((item) => item.current)).toHaveLength(1);
    const fromOther = (await t.get('/api/auth/list-sessions', { cookie: other })).json() as typeof listed;
    expect(fromOther.find((item) => item.current)!.id).not.toBe(listed.find((item) => item.current)!.id);
  });

  it('signs one of your own devices out by id: it ends everywhere at once, the others stay', async () => {
    const { email, cookie } = await newAccount();
    const phone = await t.signIn(email);
    const listed = (await t.get('/api/auth/list-sessions', { cookie })).json() as { id: string; current: boolean }[];
    const phoneId = listed.find((item) => !item.current)!.id;

    const response = await t.send('DELETE', `/api/account/sessions/${phoneId}`, { cookie });
    expect(response.statusCode, response.body).toBe(204);
    expectError(await t.get('/api/me', { cookie: phone }), 401, 'UNAUTHENTICATED');
    expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);
    expectError(await t.send('DELETE', `/api/account/sessions/${phoneId}`, { cookie }), 404, 'NOT_FOUND');
  });

  it("answers 404 for anyone else's session and leaves it alone; 401 signed out", async () => {
    const victim = await newAccount();
    const attacker = await newAccount();
    const [target] = await tokensOf(victim.email);
    for (const id of [target!.id, 'no-such-session', '00000000-0000-0000-0000-000000000000', '%27%20or%201=1']) {
      expectError(await t.send('DELETE', `/api/account/sessions/${id}`, { cookie: attacker.cookie }), 404, 'NOT_FOUND');
    }
    expectError(await t.send('DELETE', `/api/account/sessions/${target!.id}`), 401, 'UNAUTHENTICATED');
    expect((await t.get('/api/me', { cookie: victim.cookie })).statusCode).toBe(200);
  });

  describe('an account picture', () => {
    const signUpWith = (image: unknown) =>
      t.authPost('/sign-up/email', {
        email: `picture-${++counter}@example.com`,
        password: DEFAULT_PASSWORD,
        name: 'Pictured',
        image,
      });

    it.each([
      ['javascript:', 'javascript:alert(document.cookie)'],
      ['data:', 'data:image/svg+xml,<svg onload=alert(1)>'],
      ['plain http', 'http://example.com/me.png'],
      ['credentials', 'https://user:secret@example.com/me.png'],
      ['not a URL', 'me.png'],
      ['a number', 42],
      ['an overlong address', `https://example.com/${'a'.repeat(2100)}`],
    ])('is refused at sign-up when it is %s, and no account is made', async (_label, image) => {
      const before = await t.db.$count(users);
      expectError(await signUpWith(image), 400, 'VALIDATION_FAILED');
      expect(await t.db.$count(users)).toBe(before);
    });

    it('is kept at an https address', async () => {
      const response = await signUpWith('https://images.example.com/me.png');
      expect(response.statusCode, response.body).toBe(200);
      expect((await t.get('/api/me', { cookie: cookieHeader(response) })).json()).toMatchObject({
        picture: 'https://images.example.com/me.png',
      });
    });
  });
});
