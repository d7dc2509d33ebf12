import { describe, expect, it, vi } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { accounts, users, verifications } from '../db/schema/auth.ts';
import {
  DEFAULT_PASSWORD,
  ORIGIN,
  cookieHeader,
  errorOf,
  type TestApp,
  expectError,
  useTestApp,
  RESET_PAGE,
} from '../../test/helpers.ts';

type Response = Awaited<ReturnType<TestApp['get']>>;

/** The device cookie a response set, as a Cookie header, or '' when none. */
function deviceCookieOf(response: Response): string {
  const device = response.cookies.find((cookie) => cookie.name === 'aylal.device' && cookie.value !== '');
  return device ? `aylal.device=${device.value}` : '';
}

describe('locking an account without locking its owner out (decision 022)', () => {
  const t = useTestApp();
  let counter = 0;

  /** A fresh account per test (verified: it proved its address), so tests share no counters. */
  const newAccount = async (prefix: string) => {
    const email = `${prefix}-${++counter}@example.com`;
    await t.signUp(email, DEFAULT_PASSWORD, 'Owner', { verify: true });
    return email;
  };
  const signIn = (email: string, password: string, options: { cookie?: string; from?: string } = {}) =>
    t.authPost(
      '/sign-in/email',
      { email, password },
      { cookie: options.cookie, remoteAddress: options.from ?? '192.0.2.10' },
    );
  /** The owner signing in on their own browser: the device cookie it gets. */
  const ownBrowser = async (email: string) => {
    const response = await signIn(email, DEFAULT_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const device = deviceCookieOf(response);
    expect(device).not.toBe('');
    return device;
  };
  /** Ten wrong passwords from ten addresses, none of them a browser the account trusts. */
  const lockOut = async (email: string) => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      expectError(await signIn(email, 'wrong-password', { from: `203.0.113.${attempt}` }), 401, 'AUTH_WRONG_PASSWORD');
    }
  };
  const askForLink = (email: string, headers: Record<string, string> = {}) =>
    t.authPost('/sign-in/magic-link', { email }, { headers });
  const mailsTo = async (email: string, subject: string) => {
    await t.app.deliveries.drain();
    return t.mails.filter((mail) => mail.to === email && mail.subject === subject);
  };
  const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]);

  describe('device cookies', () => {
    it('are set by a successful sign-in: HttpOnly, for the auth routes only, lax (a link from a mail or Google keeps it)', async () => {
      const email = await newAccount('cookie');
      const response = await signIn(email, DEFAULT_PASSWORD);
      const device = response.cookies.find((cookie) => cookie.name === 'aylal.device');
      expect(device).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
      expect(device!.maxAge).toBe(180 * 24 * 60 * 60);
      // A wrong password sets none.
      expect(deviceCookieOf(await signIn(email, 'wrong-password'))).toBe('');
    });

    it("let the owner's browser in while guessers from everywhere else have locked the account", async () => {
      const email = await newAccount('owner');
      const device = await ownBrowser(email);
      await lockOut(email);

      // A browser the account never trusted waits, right password or not...
      const locked = await signIn(email, DEFAULT_PASSWORD, { from: '198.51.100.7' });
      expectError(locked, 429, 'AUTH_ACCOUNT_LOCKED');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // ...the owner's does not, from any address.
      const owner = await signIn(email, DEFAULT_PASSWORD, { cookie: device, from: '198.51.100.8' });
      expect(owner.statusCode, owner.body).toBe(200);
      expect((await t.get('/api/me', { cookie: cookieHeader(owner) })).json()).toMatchObject({ email });
    });

    it('count only for the account they name, and only when signed by us', async () => {
      const email = await newAccount('victim');
      const otherAccountsDevice = await ownBrowser(await newAccount('neighbour'));
      const device = await ownBrowser(email);
      await lockOut(email);

      const [name, value] = device.split('=') as [string, string];
      const forged = [
        otherAccountsDevice,
        // Its signature's first character changed: every bit of it counts (a last character's low
        // bits do not, so changing the end could leave the same signature).
        `${name}=${value.slice(0, value.lastIndexOf('!') + 1)}${value[value.lastIndexOf('!') + 1] === 'A' ? 'B' : 'A'}${value.slice(value.lastIndexOf('!') + 2)}`,
        `${name}=${value.slice(0, value.lastIndexOf('!'))}`,
        `${name}=garbage`,
        `${name}=${'~'.repeat(2000)}`,
      ];
      for (const cookie of forged) {
        expectError(await signIn(email, DEFAULT_PASSWORD, { cookie }), 429, 'AUTH_ACCOUNT_LOCKED');
      }
    });

    it('give each trusted browser a small budget of its own, which does not touch the account', async () => {
      const email = await newAccount('budget');
      const laptop = await ownBrowser(email);
      const phone = await ownBrowser(email);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expectError(await signIn(email, 'wrong-password', { cookie: laptop }), 401, 'AUTH_WRONG_PASSWORD');
      }
      const spent = await signIn(email, DEFAULT_PASSWORD, { cookie: laptop });
      expectError(spent, 429, 'AUTH_ACCOUNT_LOCKED');
      expect(Number(spent.headers['retry-after'])).toBeGreaterThan(14 * 60);

      // The owner's other browser, and any browser at all, still sign in.
      expect((await signIn(email, DEFAULT_PASSWORD, { cookie: phone })).statusCode).toBe(200);
      expect((await signIn(email, DEFAULT_PASSWORD, { from: '198.51.100.20' })).statusCode).toBe(200);
    });

    it('are no longer trusted once the password changes: a reset distrusts every browser that had the old one', async () => {
      const email = await newAccount('reset');
      const device = await ownBrowser(email);

      await t.app.deliveries.drain();
      expect((await t.authPost('/request-password-reset', { email, redirectTo: RESET_PAGE })).statusCode).toBe(200);
      const [mail] = await mailsTo(email, 'Reset your Aylal password');
      const token = linkIn(mail!.text).pathname.split('/').at(-1);
      expect((await t.authPost('/reset-password', { newPassword: 'after-the-reset-1', token })).statusCode).toBe(200);

      for (let attempt = 1; attempt <= 10; attempt++) await signIn(email, 'wrong-password');
      expectError(await signIn(email, 'after-the-reset-1', { cookie: device }), 429, 'AUTH_ACCOUNT_LOCKED');
    });
  });

  describe('a sign-in link by email', () => {
    const SUBJECT = 'Your Aylal sign-in link';

    it('lets a locked-out owner in from a new browser, once, and trusts that browser from then on', async () => {
      const email = await newAccount('linked');
      await lockOut(email);
      expectError(await signIn(email, DEFAULT_PASSWORD), 429, 'AUTH_ACCOUNT_LOCKED');

      const asked = await askForLink(email);
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json()).toEqual({ status: true });
      const [mail, ...more] = await mailsTo(email, SUBJECT);
      expect(more).toEqual([]);
      expect(mail!.text).toContain('Hello Owner,');
      expect(mail!.text).toContain('15 minutes');
      const link = linkIn(mail!.text);
      expect(link.origin).toBe(ORIGIN);
      expect(link.pathname).toBe('/api/auth/magic-link/verify');
      // The token is kept hashed: the database does not hold what the mail carries.
      const stored = await t.db
        .select({ identifier: verifications.identifier })
        .from(verifications)
        .where(like(verifications.identifier, 'magic-link:%'));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.identifier).not.toContain(link.searchParams.get('token')!);

      const followed = await t.get(link.pathname + link.search);
      expect(followed.statusCode).toBe(302);
      expect(followed.headers.location).toBe(`${ORIGIN}/?authSuccess=link`);
      const browser = cookieHeader(followed);
      expect((await t.get('/api/me', { cookie: browser })).json()).toMatchObject({ email });
      // The session and this browser's device cookie: its password sign-ins are let in too.
      expect(deviceCookieOf(followed)).not.toBe('');
      expect((await signIn(email, DEFAULT_PASSWORD, { cookie: browser })).statusCode).toBe(200);
      // Others stay locked out.
      expectError(await signIn(email, DEFAULT_PASSWORD), 429, 'AUTH_ACCOUNT_LOCKED');

      // The link works once.
      const again = await t.get(link.pathname + link.search);
      expect(again.statusCode).toBe(302);
      const failed = new URL(String(again.headers.location));
      expect(`${failed.origin}${failed.pathname}`).toBe(`${ORIGIN}/`);
      expect(failed.searchParams.get('authError')).toBe('link');
      expect(cookieHeader(again)).not.toMatch(/session_token/);
    });

    it('expires after 15 minutes', async () => {
      const email = await newAccount('late');
      expect((await askForLink(email)).statusCode).toBe(200);
      const [mail] = await mailsTo(email, SUBJECT);
      const link = linkIn(mail!.text);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
      let late: Response;
      try {
        late = await t.get(link.pathname + link.search);
      } finally {
        vi.useRealTimers();
      }
      expect(late.statusCode).toBe(302);
      expect(new URL(String(late.headers.location)).searchParams.get('authError')).toBe('link');
      expect(cookieHeader(late)).not.toMatch(/session_token/);
    });

    it('is written in the language of the account', async () => {
      const email = `mongolian-${++counter}@example.com`;
      const signUp = await t.authPost(
        '/sign-up/email',
        { email, password: DEFAULT_PASSWORD, name: 'Сараа' },
        { headers: { 'accept-language': 'mn' } },
      );
      expect(signUp.statusCode).toBe(200);
      expect((await askForLink(email)).statusCode).toBe(200);
      const [mail] = await mailsTo(email, 'Аялал: нэвтрэх холбоос');
      expect(mail!.text).toContain('Сайн байна уу, Сараа');
    });

    it('sends at most three an hour to one address, answers alike, and nothing for an unknown one', async () => {
      const email = await newAccount('flood');
      const answers = [];
      for (let ask = 1; ask <= 5; ask++) {
        const response = await askForLink(email);
        expect(response.statusCode).toBe(200);
        answers.push(response.body);
      }
      const unknown = await askForLink('nobody-here@example.com');
      expect(unknown.statusCode).toBe(200);
      answers.push(unknown.body);
      expect(new Set(answers).size).toBe(1);
      expect(await mailsTo(email, SUBJECT)).toHaveLength(3);
      expect(t.mails.filter((mail) => mail.to === 'nobody-here@example.com')).toEqual([]);
      expect(await t.db.select().from(users).where(eq(users.email, 'nobody-here@example.com'))).toEqual([]);
    });

    it('lands where the web expects, whatever the client asked for', async () => {
      const email = await newAccount('redirected');
      const response = await t.authPost('/sign-in/magic-link', {
        email,
        callbackURL: `${ORIGIN}/admin`,
        errorCallbackURL: `${ORIGIN}/elsewhere`,
      });
      expect(response.statusCode).toBe(200);
      const [mail] = await mailsTo(email, SUBJECT);
      const link = linkIn(mail!.text);
      expect(link.searchParams.get('callbackURL')).toBe('/?authSuccess=link');
      expect(link.searchParams.get('errorCallbackURL')).toBe('/?authError=link');
      // An address off the site is refused outright, and nothing is sent.
      const offSite = await t.authPost('/sign-in/magic-link', { email, callbackURL: 'https://evil.example/' });
      expect(offSite.statusCode).toBe(403);
      errorOf(offSite);
      expect(await mailsTo(email, SUBJECT)).toHaveLength(1);
    });

    it('from an address never verified, proves it and drops the password set before the proof', async () => {
      const email = `unproven-${++counter}@example.com`;
      await t.signUp(email, DEFAULT_PASSWORD, 'Unproven', { verify: false });
      expect((await askForLink(email)).statusCode).toBe(200);
      const [mail] = await mailsTo(email, SUBJECT);
      const link = linkIn(mail!.text);
      const followed = await t.get(link.pathname + link.search);
      expect(followed.headers.location).toBe(`${ORIGIN}/?authSuccess=link`);
      expect((await t.get('/api/me', { cookie: cookieHeader(followed) })).json()).toMatchObject({
        email,
        emailVerified: true,
      });
      // Whoever set that password had not proven the address (Better Auth's rule): it is gone,
      // and "Forgot password?" sets a new one.
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(await t.db.select().from(accounts).where(eq(accounts.userId, user!.id))).toEqual([]);
      expectError(await signIn(email, DEFAULT_PASSWORD), 401, 'AUTH_WRONG_PASSWORD');
    });
  });
});
