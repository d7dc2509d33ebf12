import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { auditLog } from '../db/schema/audit.ts';
import { staffDemotions, users } from '../db/schema/auth.ts';
import { ConfiguredStaff } from './staff-role.ts';
import { ADMIN_EMAIL, ORIGIN, createTestApp, type TestApp, expectError } from '../../test/helpers.ts';

type Response = Awaited<ReturnType<TestApp['get']>>;

/** Where a followed link sent the browser. */
function landingOf(response: Response): URL {
  expect(response.statusCode, response.body).toBe(302);
  return new URL(String(response.headers.location), ORIGIN);
}

const SECOND_ADMIN = 'second-admin@example.com';

describe('verified addresses, and staff from ADMIN_EMAILS only once verified (decision 022)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ADMIN_EMAILS: `${ADMIN_EMAIL},${SECOND_ADMIN},Later@Example.com,early@example.com,promoted@example.com`,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const me = async (cookie: string) => (await t.get('/api/me', { cookie })).json() as Record<string, unknown>;
  const mailsTo = async (email: string) => {
    await t.app.deliveries.drain();
    return t.mails.filter((mail) => mail.to === email);
  };
  const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]);
  const follow = (link: URL, cookie?: string) => t.get(link.pathname + link.search, { cookie });
  const idOf = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const setRole = (cookie: string, id: string, role: 'user' | 'admin') =>
    t.send('PATCH', `/api/admin/users/${id}/role`, { cookie, body: { role } });

  describe('the verification email', () => {
    it('is queued at sign-up in the account language, and its link verifies the address on our own page', async () => {
      const email = 'new-traveller@example.com';
      const cookie = await t.signUp(email, undefined, 'Nara Traveller');
      expect(await me(cookie)).toMatchObject({ emailVerified: false, role: 'user' });

      const [mail, ...more] = await mailsTo(email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Confirm your email address for Aylal');
      expect(mail!.subject).not.toContain(email);
      // Anyone may sign up with someone else's address: the mail quotes nothing they typed.
      expect(mail!.text).toMatch(/^Hello,\n/);
      expect(`${mail!.subject} ${mail!.text} ${mail!.html}`).not.toContain('Nara');
      const link = linkIn(mail!.text);
      expect(link.origin).toBe(ORIGIN);
      expect(link.pathname).toBe('/api/auth/verify-email');
      expect(mail!.html).toContain(`href="${link.toString().replaceAll('&', '&amp;')}"`);

      // Opened anywhere (no session needed), it lands on the web's page saying it worked.
      const landing = landingOf(await follow(link));
      expect(`${landing.origin}${landing.pathname}`).toBe(`${ORIGIN}/verify-email`);
      expect(landing.searchParams.get('verified')).toBe('1');
      expect(landing.searchParams.has('error')).toBe(false);
      expect(await me(cookie)).toMatchObject({ emailVerified: true, role: 'user' });

      // Opened again, it still says so (nothing left to do).
      expect(landingOf(await follow(link)).searchParams.has('error')).toBe(false);
    });

    it('is written in Mongolian to an account made in Mongolian', async () => {
      const email = 'mongol-traveller@example.com';
      const response = await t.authPost(
        '/sign-up/email',
        { email, password: 'a-good-password', name: 'Болд' },
        { headers: { 'accept-language': 'mn' } },
      );
      expect(response.statusCode).toBe(200);
      const [mail] = await mailsTo(email);
      expect(mail!.subject).toBe('Аялал: имэйл хаягаа баталгаажуулна уу');
      expect(mail!.text).toMatch(/^Сайн байна уу,\n/);
      expect(mail!.text).not.toContain('Болд');
      expect(mail!.text).toMatch(/баталгаажуулахын тулд/);
    });

    it('says an expired link expired, a broken one is invalid, and verifies nothing', async () => {
      const email = 'slow-reader@example.com';
      const cookie = await t.signUp(email);
      const [mail] = await mailsTo(email);
      const link = linkIn(mail!.text);

      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60 * 1000 });
      let expired: Response;
      try {
        expired = await follow(link);
      } finally {
        vi.useRealTimers();
      }
      const landing = landingOf(expired);
      expect(landing.pathname).toBe('/verify-email');
      expect(landing.searchParams.get('error')).toBe('TOKEN_EXPIRED');

      const broken = new URL(link);
      broken.searchParams.set('token', `${link.searchParams.get('token')!.slice(0, -3)}abc`);
      expect(landingOf(await follow(broken)).searchParams.get('error')).toBe('INVALID_TOKEN');
      expect(await me(cookie)).toMatchObject({ emailVerified: false });
    });

    it('can be sent again from the profile, three mails an hour at most, never to a verified address', async () => {
      const email = 'resender@example.com';
      const cookie = await t.signUp(email);
      const resend = (body: unknown = { email }) => t.authPost('/send-verification-email', body, { cookie });

      // A client's own callback is ignored: the link still lands on our page.
      const again = await resend({ email, callbackURL: `${ORIGIN}/elsewhere` });
      expect(again.statusCode, again.body).toBe(200);
      expect((await resend()).statusCode).toBe(200);
      const limited = await resend();
      expectError(limited, 429, 'RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(50 * 60);

      const mails = await mailsTo(email);
      expect(mails).toHaveLength(3);
      const newest = linkIn(mails.at(-1)!.text);
      expect(new URL(newest.searchParams.get('callbackURL')!).pathname).toBe('/verify-email');
      landingOf(await follow(newest));
      expect(await me(cookie)).toMatchObject({ emailVerified: true });

      expectError(await resend(), 400, 'EMAIL_ALREADY_VERIFIED');
      // Someone else's address, signed in: refused, nothing sent.
      expectError(await resend({ email: 'new-traveller@example.com' }), 400, 'VALIDATION_FAILED');
      expect(await mailsTo(email)).toHaveLength(3);
    });
  });

  describe('ADMIN_EMAILS', () => {
    let adminCookie: string;

    it('leaves a listed address a user until its link is opened, then makes it an admin at once', async () => {
      const cookie = await t.signUp(ADMIN_EMAIL, undefined, 'First Admin', { verify: false });
      expect(await me(cookie)).toMatchObject({ role: 'user', emailVerified: false });
      expectError(await t.get('/api/admin/users', { cookie }), 403, 'FORBIDDEN');
      const [row] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
      expect(row).toMatchObject({ role: 'user', emailVerified: false });

      const [mail] = await mailsTo(ADMIN_EMAIL);
      landingOf(await follow(linkIn(mail!.text)));
      // The session opened at sign-up is an admin's now, without signing in again.
      expect(await me(cookie)).toMatchObject({ role: 'admin', emailVerified: true });
      expect((await t.get('/api/admin/users', { cookie })).statusCode).toBe(200);
      // The history says so, with no staff member behind it.
      const history = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, await idOf(ADMIN_EMAIL)), isNull(auditLog.actorUserId)));
      expect(history).toMatchObject([{ action: 'role', changes: { role: { from: 'user', to: 'admin' } } }]);
      adminCookie = cookie;
    });

    it('makes a listed address verified earlier an admin at its next sign-in', async () => {
      const email = 'later@example.com';
      const cookie = await t.signUp(email, undefined, 'Later Admin', { verify: false });
      // Verified while its account was not yet owed the role (the list changed since, say).
      await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      expect(await me(cookie)).toMatchObject({ role: 'user', emailVerified: true });
      const again = await t.signIn('LATER@example.com');
      expect(await me(again)).toMatchObject({ role: 'admin' });
    });

    it('remembers a demotion by address: deleting the account and signing up again does not make it staff', async () => {
      const cookie = await t.signUp(SECOND_ADMIN, undefined, 'Second Admin');
      expect(await me(cookie)).toMatchObject({ role: 'admin' });
      expect((await setRole(adminCookie, await idOf(SECOND_ADMIN), 'user')).statusCode).toBe(200);
      expect(await t.db.select().from(staffDemotions)).toMatchObject([{ email: SECOND_ADMIN }]);

      // Signing in again, verified as it is, does not bring the role back.
      const signedIn = await t.signIn(SECOND_ADMIN);
      expect(await me(signedIn)).toMatchObject({ role: 'user', emailVerified: true });

      expect((await t.send('DELETE', '/api/account', { cookie: signedIn })).statusCode).toBe(200);
      const reborn = await t.signUp(SECOND_ADMIN, undefined, 'Second Admin Again');
      expect(await me(reborn)).toMatchObject({ role: 'user', emailVerified: true });
      expect(await t.db.select().from(staffDemotions)).toHaveLength(1);
    });

    it('forgets the demotion when staff promote the address again', async () => {
      const id = await idOf(SECOND_ADMIN);
      expect((await setRole(adminCookie, id, 'admin')).statusCode).toBe(200);
      expect(await t.db.select().from(staffDemotions)).toEqual([]);

      // So ADMIN_EMAILS counts for it again, even for a new account.
      const cookie = await t.signIn(SECOND_ADMIN);
      expect((await t.send('DELETE', '/api/account', { cookie })).statusCode).toBe(200);
      const fresh = await t.signUp(SECOND_ADMIN, undefined, 'Second Admin, Third Account');
      expect(await me(fresh)).toMatchObject({ role: 'admin' });
    });

    it('never promotes an address outside the list, verified or not', async () => {
      const cookie = await t.signUp('administrator@example.com', undefined, 'Not Staff', { verify: false });
      await t.verifyEmail('administrator@example.com');
      expect(await me(cookie)).toMatchObject({ role: 'user', emailVerified: true });
      expect(await me(await t.signIn('administrator@example.com'))).toMatchObject({ role: 'user' });
    });
  });

  describe('at start, for installations from before: admins that ADMIN_EMAILS made unverified', () => {
    it('become users (staff promotions and verified admins stay), and get the role back by verifying the address', async () => {
      // As the old sign-up left them: role admin at once, address unverified, no history.
      const squatter = await t.signUp('early@example.com', undefined, 'Early Bird', { verify: false });
      const squatterId = await idOf('early@example.com');
      await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, squatterId));
      // Listed, promoted by staff, never verified: the history records the promotion, so it stays.
      await t.signUp('promoted@example.com', undefined, 'Promoted By Staff', { verify: false });
      const promotedId = await idOf('promoted@example.com');
      const adminCookie = await t.signIn(ADMIN_EMAIL);
      expect((await setRole(adminCookie, promotedId, 'admin')).statusCode).toBe(200);
      expect(await me(squatter)).toMatchObject({ role: 'admin', emailVerified: false });

      // An address outside the list was made an admin by staff before the history existed: not ADMIN_EMAILS' doing.
      await t.signUp('outsider@example.com', undefined, 'Old Staff', { verify: false });
      await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'outsider@example.com'));

      // What server.ts does at each start.
      const staff = new ConfiguredStaff(t.db, t.config.ADMIN_EMAILS);
      expect(await staff.revokeUnverified()).toBe(1);
      expect(await staff.revokeUnverified()).toBe(0);

      expect(await me(squatter)).toMatchObject({ role: 'user' });
      expect((await t.get('/api/admin/dashboard', { cookie: squatter })).statusCode).toBe(403);
      const roles = await t.db.select({ email: users.email, role: users.role }).from(users);
      expect(roles).toEqual(
        expect.arrayContaining([
          { email: 'promoted@example.com', role: 'admin' },
          { email: 'outsider@example.com', role: 'admin' },
          { email: ADMIN_EMAIL, role: 'admin' },
        ]),
      );
      const history = await t.db
        .select({ actor: auditLog.actorUserId, changes: auditLog.changes })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, squatterId), eq(auditLog.action, 'role')));
      expect(history).toEqual([{ actor: null, changes: { role: { from: 'admin', to: 'user' } } }]);

      // Its owner opens the verification link: a listed address, verified, is staff's again.
      await t.verifyEmail('early@example.com');
      expect(await me(squatter)).toMatchObject({ role: 'admin', emailVerified: true });
    });
  });
});
