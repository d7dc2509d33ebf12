import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { blankProfile, type Profile } from '@aylal/shared/schemas/profile';
import enProfile from '@aylal/locales/en/profile.json' with { type: 'json' };
import mnProfile from '@aylal/locales/mn/profile.json' with { type: 'json' };
import {
  consultations,
  cvs,
  jobApplications,
  notifications,
  outbox,
  profiles,
  pushSubscriptions,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { DEFAULT_PASSWORD, cookieHeader, errorOf, useTestApp } from '../../../test/helpers.ts';
import { minimalCv } from '../../../test/cv.ts';

const FULL: Profile = blankProfile({
  fullName: 'Solongo Erdene',
  email: 'solongo.contact@example.com',
  phone: '+976 9911 2233',
  secondaryPhone: '7011 2233',
  dateOfBirth: '1990-04-12',
  nationality: 'Mongolian',
  address: 'Peace Avenue 1, Ulaanbaatar',
  bio: 'I like long trips.',
  language: 'mn',
  linkedin: 'https://www.linkedin.com/in/solongo',
  github: 'https://github.com/solongo',
  website: 'https://solongo.mn',
  twitter: 'https://x.com/solongo',
});

describe('profile and account', () => {
  const t = useTestApp();
  let counter = 0;

  async function newAccount(label: string) {
    counter += 1;
    const email = `${label}-${counter}@example.com`;
    const cookie = await t.signUp(email);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return { email, cookie, id: user!.id };
  }

  const put = (cookie: string, body: unknown, language = 'en') =>
    t.send('PUT', '/api/profile', { cookie, body, headers: { 'accept-language': language } });

  describe('GET and PUT /api/profile', () => {
    it("answers 'Profile not found' until the first save, which sets hasProfile and feeds /api/me", async () => {
      const { cookie } = await newAccount('first');
      const missing = await t.get('/api/profile', { cookie });
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing)).toMatchObject({ code: 'PROFILE_NOT_FOUND', message: 'Profile not found' });
      expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ hasProfile: false, name: 'Test User' });

      const created = await put(cookie, FULL);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().profile).toEqual(FULL);

      const me = (await t.get('/api/me', { cookie })).json();
      expect(me).toMatchObject({ hasProfile: true, name: 'Solongo Erdene', phoneNumber: '+976 9911 2233' });
      expect((await t.get('/api/profile', { cookie })).json().profile).toEqual(FULL);

      const again = await put(cookie, { ...FULL, fullName: 'Solongo E.', phone: '' });
      expect(again.statusCode).toBe(200);
      expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ name: 'Solongo E.', phoneNumber: null });
    });

    it('makes the profile language the language of the account (its emails and pushes)', async () => {
      const { cookie, id } = await newAccount('language');
      await put(cookie, { ...FULL, language: 'mn' });
      expect((await t.db.select().from(users).where(eq(users.id, id)))[0]!.language).toBe('mn');
      await put(cookie, { ...FULL, language: 'en' });
      expect((await t.db.select().from(users).where(eq(users.id, id)))[0]!.language).toBe('en');
    });

    it('sets the language of a new account from the sign-up request', async () => {
      const response = await t.authPost(
        '/sign-up/email',
        { email: 'mongolian@example.com', password: DEFAULT_PASSWORD, name: 'Бат' },
        { headers: { 'accept-language': 'mn' } },
      );
      expect(response.statusCode).toBe(200);
      const [user] = await t.db.select().from(users).where(eq(users.email, 'mongolian@example.com'));
      expect(user!.language).toBe('mn');
    });

    it('refuses signed-out visitors', async () => {
      expect(errorOf(await t.get('/api/profile')).code).toBe('UNAUTHENTICATED');
      expect(errorOf(await put('', FULL)).code).toBe('UNAUTHENTICATED');
    });

    const refusals: [string, Partial<Profile>, keyof typeof enProfile.errors][] = [
      ['phone', { phone: '99-11-22' }, 'phone'],
      ['phone', { phone: '+976 12' }, 'phone'],
      ['phone', { phone: '+1 2345 6789 0123 4567' }, 'phone'],
      ['secondaryPhone', { secondaryPhone: 'call me' }, 'phone'],
      ['dateOfBirth', { dateOfBirth: '1899-12-31' }, 'dateOfBirth'],
      ['dateOfBirth', { dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
      ['dateOfBirth', { dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
      ['dateOfBirth', { dateOfBirth: `${new Date().getUTCFullYear() - 5}-01-01` }, 'tooYoung'],
      ['linkedin', { linkedin: 'https://github.com/solongo' }, 'linkedin'],
      ['linkedin', { linkedin: 'https://linkedin.com.evil.example/in/x' }, 'linkedin'],
      ['linkedin', { linkedin: 'javascript:alert(1)//linkedin.com' }, 'linkedin'],
      ['github', { github: 'github.com/solongo' }, 'github'],
      ['website', { website: 'ftp://solongo.mn' }, 'website'],
      ['website', { website: 'not a url' }, 'website'],
      ['twitter', { twitter: 'https://facebook.com/solongo' }, 'twitter'],
    ];
    it.each(refusals)('refuses a bad %s (%o) with its own message in both languages', async (field, change, key) => {
      const { cookie } = await newAccount('bad');
      for (const [language, texts] of [
        ['en', enProfile],
        ['mn', mnProfile],
      ] as const) {
        const response = await put(cookie, { ...FULL, ...change }, language);
        expect(response.statusCode).toBe(400);
        const error = errorOf(response);
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.details).toEqual([{ path: `body.${field}`, message: texts.errors[key] }]);
      }
      expect((await t.get('/api/profile', { cookie })).statusCode).toBe(404);
    });

    it('takes every kind of site address it should', async () => {
      const { cookie } = await newAccount('good');
      const response = await put(cookie, {
        ...FULL,
        phone: '99112233',
        linkedin: 'https://mn.linkedin.com/in/solongo',
        github: 'http://www.github.com/solongo',
        twitter: 'https://twitter.com/solongo',
        website: 'http://localhost.example:8080/me?x=1',
        dateOfBirth: '',
      });
      expect(response.statusCode, response.body).toBe(201);
    });

    it('refuses a missing name, a bad email, a too long bio and an unknown language, with general words', async () => {
      const { cookie } = await newAccount('general');
      const response = await put(cookie, {
        ...FULL,
        fullName: ' ',
        email: 'nope',
        bio: 'x'.repeat(1001),
        language: 'de',
      });
      expect(response.statusCode).toBe(400);
      const paths = (errorOf(response).details as { path: string }[]).map((detail) => detail.path).sort();
      expect(paths).toEqual(['body.bio', 'body.email', 'body.fullName', 'body.language']);
    });
  });

  describe('GET /api/account/export', () => {
    it("gives the caller's own data only, as an attachment that is never cached", async () => {
      const me = await newAccount('exporter');
      const other = await newAccount('bystander');
      await put(me.cookie, FULL);
      await put(other.cookie, { ...FULL, fullName: 'Someone Else' });
      await t.send('PUT', '/api/cv', { cookie: me.cookie, body: minimalCv() });
      await t.db.insert(consultations).values({
        userId: me.id,
        tripTitleEn: 'Gobi',
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 86_400_000 + 1_800_000),
      });
      await t.db
        .insert(jobApplications)
        .values({ userId: me.id, jobTitleEn: 'Guide', company: 'Aylal', cv: minimalCv() });
      await t.db
        .insert(notifications)
        .values({ audience: 'user', recipientId: me.id, type: 'consultationBooked', link: '/consultations' });
      await t.db
        .insert(pushSubscriptions)
        .values({ userId: me.id, endpoint: 'https://push.example/1', p256dh: 'secret-p256dh', auth: 'secret-auth' });

      const response = await t.get('/api/account/export', { cookie: me.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="aylal-my-data-\d{4}-\d{2}-\d{2}\.json"/,
      );
      expect(response.headers['cache-control']).toBe('private, no-store');
      const data = response.json();
      expect(data.account).toMatchObject({ name: 'Solongo Erdene', email: me.email, signInMethods: ['credential'] });
      expect(data.profile).toEqual(FULL);
      expect(data.cv).toMatchObject({ fullName: 'Solongo Erdene' });
      expect(data.consultations).toMatchObject([{ tripTitleEn: 'Gobi', state: 'pending' }]);
      expect(data.jobApplications).toMatchObject([{ jobTitleEn: 'Guide', company: 'Aylal' }]);
      expect(data.notifications).toMatchObject([{ type: 'consultationBooked', link: '/consultations' }]);
      expect(data.pushSubscriptions).toEqual([{ endpoint: 'https://push.example/1', createdAt: expect.any(String) }]);
      expect(response.body).not.toContain('secret-');
      expect(response.body).not.toContain('Someone Else');
      expect(response.body).not.toContain(other.email);
    });

    it('refuses signed-out visitors', async () => {
      expect(errorOf(await t.get('/api/account/export')).code).toBe('UNAUTHENTICATED');
    });
  });

  describe('DELETE /api/account', () => {
    it('removes the caller and everything theirs in one go, cancels their upcoming consultations, and leaves others alone', async () => {
      const me = await newAccount('leaver');
      const other = await newAccount('stayer');
      const elsewhere = await t.signIn(me.email);
      await put(me.cookie, FULL);
      await put(other.cookie, FULL);
      await t.send('PUT', '/api/cv', { cookie: me.cookie, body: minimalCv() });
      const startsAt = new Date(Date.now() + 3 * 86_400_000);
      await t.db.insert(consultations).values([
        { userId: me.id, startsAt, endsAt: new Date(startsAt.getTime() + 1_800_000), state: 'confirmed' },
        {
          userId: me.id,
          startsAt: new Date(Date.now() - 86_400_000),
          endsAt: new Date(Date.now() - 86_400_000 + 1_800_000),
          state: 'completed',
        },
      ]);
      await t.db.insert(jobApplications).values({ userId: me.id, jobTitleEn: 'Guide', cv: minimalCv() });
      await t.db
        .insert(notifications)
        .values({ audience: 'user', recipientId: me.id, type: 'consultationBooked', link: '/consultations' });
      await t.db
        .insert(pushSubscriptions)
        .values({ userId: me.id, endpoint: 'https://push.example/2', p256dh: 'k', auth: 'a' });
      await t.db.insert(outbox).values({ to: me.email, subject: 'Reminder', text: 'Soon' });

      const response = await t.send('DELETE', '/api/account', { cookie: me.cookie });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ cancelledConsultations: 1, withdrawnApplications: 1 });
      expect(response.headers['set-cookie']).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^aylal\.session_token=; Max-Age=0/),
          expect.stringMatching(/^aylal_signed_in=; Max-Age=0/),
        ]),
      );

      expect(await t.db.select().from(users).where(eq(users.id, me.id))).toEqual([]);
      for (const table of [profiles, cvs, consultations, jobApplications, pushSubscriptions, sessions]) {
        expect(await t.db.select().from(table).where(eq(table.userId, me.id))).toEqual([]);
      }
      expect(await t.db.select().from(notifications).where(eq(notifications.recipientId, me.id))).toEqual([]);
      // Emails still waiting for the address are dropped (the ones sent stay as the record).
      expect(
        await t.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.to, me.email), isNull(outbox.sentAt))),
      ).toEqual([]);
      // The staff are told of the upcoming consultation that went with the account.
      const told = await t.db.select().from(notifications).where(eq(notifications.type, 'staffConsultationCancelled'));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ audience: 'staff', link: '/admin/consultations', actorId: null });
      expect(told[0]!.params).toMatchObject({ startsAt: startsAt.toISOString() });
      // Every session of the account ended, this one and the other device's.
      expect(errorOf(await t.get('/api/me', { cookie: me.cookie })).code).toBe('UNAUTHENTICATED');
      expect(errorOf(await t.get('/api/me', { cookie: elsewhere })).code).toBe('UNAUTHENTICATED');
      // The other person keeps everything.
      expect((await t.get('/api/profile', { cookie: other.cookie })).statusCode).toBe(200);
      expect((await t.get('/api/me', { cookie: other.cookie })).json()).toMatchObject({ email: other.email });
    });

    it('needs a signed-in caller and the product’s own origin', async () => {
      expect(errorOf(await t.send('DELETE', '/api/account')).code).toBe('UNAUTHENTICATED');
      const { cookie } = await newAccount('cross-site');
      const foreign = await t.send('DELETE', '/api/account', { cookie, headers: { origin: 'https://evil.example' } });
      expect(foreign.statusCode).toBe(403);
      expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);
    });
  });

  describe('account security (Better Auth)', () => {
    it('a password change ends the other sessions, and the device list shows what is left', async () => {
      const { email, cookie: here } = await newAccount('changer');
      const elsewhere = await t.signIn(email);
      expect((await t.get('/api/auth/list-sessions', { cookie: here })).json()).toHaveLength(2);

      const change = await t.authPost(
        '/change-password',
        { currentPassword: DEFAULT_PASSWORD, newPassword: 'another-password-1', revokeOtherSessions: true },
        { cookie: here },
      );
      expect(change.statusCode, change.body).toBe(200);
      const renewed = cookieHeader(change);
      expect(errorOf(await t.get('/api/me', { cookie: elsewhere })).code).toBe('UNAUTHENTICATED');
      const listed = (await t.get('/api/auth/list-sessions', { cookie: renewed })).json() as { userAgent: unknown }[];
      expect(listed).toHaveLength(1);
    });
  });
});
