import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SecondFactorStatus } from '@aylal/shared/schemas/second-factor';
import { passkeys, sessions, users, verifications } from '../../db/schema/auth.ts';
import { ADMIN_EMAIL, DEFAULT_PASSWORD, ORIGIN, errorOf, type TestApp, useTestApp } from '../../../test/helpers.ts';
import { CookieJar } from '../../../test/second-factor.ts';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from '../../../test/soft-authenticator.ts';

// Passkeys (issue 21, docs/decisions/023), through Better Auth's passkey plugin and a software
// authenticator that signs as a phone would: the server's own WebAuthn checks run unchanged.

async function status(t: TestApp, cookie: string): Promise<SecondFactorStatus> {
  const response = await t.get('/api/account/second-factor', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SecondFactorStatus;
}

/** /profile's "Add a passkey": the options, the device's answer, the check (the jar follows the cookies). */
async function addPasskey(t: TestApp, jar: CookieJar, device: SoftAuthenticator, body: Record<string, unknown> = {}) {
  const options = await t.authPost('/passkey/generate-register-options', {}, { cookie: jar.header });
  if (options.statusCode !== 200) return options;
  jar.take(options);
  const response = device.register(options.json() as CreationOptions);
  const verified = await t.authPost('/passkey/verify-registration', { response, ...body }, { cookie: jar.header });
  jar.take(verified);
  return verified;
}

/** The login panel's "Sign in with a passkey", from a browser with no session: its cookies after. */
async function signInWithPasskey(t: TestApp, device: SoftAuthenticator, jar = new CookieJar()) {
  const options = await t.authPost('/passkey/generate-authenticate-options', {}, { cookie: jar.header });
  expect(options.statusCode, options.body).toBe(200);
  jar.take(options);
  const response = device.authenticate(options.json() as RequestOptions);
  const answer = await t.authPost('/passkey/verify-authentication', { response }, { cookie: jar.header });
  jar.take(answer);
  return { answer, jar };
}

/** Makes the session behind `cookie` as old as `minutes` (its sign-in and any confirmation). */
async function ageSession(t: TestApp, userEmail: string, minutes: number) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, userEmail));
  await t.db
    .update(sessions)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})`, confirmedAt: null })
    .where(eq(sessions.userId, user!.id));
}

describe('passkeys (STAFF_TWO_FACTOR=optional)', () => {
  const t = useTestApp();

  it('are added on a fresh session, checked on the device, named, and listed; the session has given a second factor', async () => {
    const jar = new CookieJar(await t.signUp('keys@example.com'));
    // Each ceremony's options make a challenge: never by a GET (a link from anywhere), never cross-site.
    const challenges = async () => (await t.db.select().from(verifications)).length;
    const before = await challenges();
    for (const path of ['generate-register-options', 'generate-authenticate-options']) {
      expect((await t.get(`/api/auth/passkey/${path}`, { cookie: jar.header })).statusCode, path).toBe(404);
      const crossSite = await t.send('POST', `/api/auth/passkey/${path}`, {
        cookie: jar.header,
        body: {},
        headers: { origin: 'http://evil.example' },
      });
      expect(crossSite.statusCode, path).toBe(403);
    }
    expect(await challenges()).toBe(before);
    const options = await t.authPost('/passkey/generate-register-options', {}, { cookie: jar.header });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.headers['cache-control']).toBe('private, no-store');
    // For PUBLIC_URL's host, and only with the device's own check of the person.
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Aylal' },
      authenticatorSelection: { userVerification: 'required' },
    });

    const device = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(t, jar, device, { name: '  Work laptop ' });
    expect(added.statusCode, added.body).toBe(200);
    const now = await status(t, jar.header);
    expect(now.passkeys).toEqual([
      { id: expect.any(String), name: 'Work laptop', createdAt: expect.any(String), backedUp: false },
    ]);
    expect(now.sessionHasSecondFactor).toBe(true);
    // The plugin's own list, rename and removal are not served (ours are, under /api/account).
    for (const path of ['list-user-passkeys', 'delete-passkey', 'update-passkey']) {
      const hidden = await t.authPost(
        `/passkey/${path}`,
        { id: now.passkeys[0]!.id, name: 'x' },
        { cookie: jar.header },
      );
      expect(hidden.statusCode, path).toBe(404);
    }
  });

  it('sign a person in with the second factor given; a passkey the product does not know, or an answer used twice, is refused', async () => {
    await t.signUp('signer@example.com');
    const device = new SoftAuthenticator(ORIGIN);
    const jar = new CookieJar(await t.signIn('signer@example.com'));
    expect((await addPasskey(t, jar, device)).statusCode).toBe(200);

    const { answer, jar: browser } = await signInWithPasskey(t, device);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).not.toMatch(/"token"/);
    expect(browser.has('aylal.session_token')).toBe(true);
    expect(browser.has('aylal_signed_in')).toBe(true);
    const me = await t.get('/api/me', { cookie: browser.header });
    expect(me.json()).toMatchObject({ email: 'signer@example.com' });
    expect((await status(t, browser.header)).sessionHasSecondFactor).toBe(true);

    // The device is asked to check the person outright (a security key asks for its PIN).
    const asked = await t.authPost('/passkey/generate-authenticate-options', {});
    expect(asked.json()).toMatchObject({ userVerification: 'required', rpId: 'localhost' });

    // The same answer again: its challenge was used up.
    const options = await t.authPost('/passkey/generate-authenticate-options', {});
    const cookie = new CookieJar().take(options);
    const response = device.authenticate(options.json() as RequestOptions);
    expect(
      (await t.authPost('/passkey/verify-authentication', { response }, { cookie: cookie.header })).statusCode,
    ).toBe(200);
    const replay = await t.authPost('/passkey/verify-authentication', { response }, { cookie: cookie.header });
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).code).toBe('PASSKEY_FAILED');

    // A passkey made for another site's account, or removed since: not one of ours.
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.register({ challenge: 'AAAA', rp: { id: 'localhost' } });
    const unknown = await signInWithPasskey(t, stranger);
    expect(unknown.answer.statusCode).toBe(401);
    expect(errorOf(unknown.answer).code).toBe('PASSKEY_NOT_FOUND');
    expect(unknown.jar.has('aylal.session_token')).toBe(false);
  });

  it('are refused from a device that does not check the person (a PIN, fingerprint or face), in both languages', async () => {
    const jar = new CookieJar(await t.signUp('touch-only@example.com'));
    const touchOnly = new SoftAuthenticator(ORIGIN, false);
    const refused = await addPasskey(t, jar, touchOnly);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('PASSKEY_USER_NOT_VERIFIED');
    // Nothing kept, and the session has not given a second factor by it.
    expect(await status(t, jar.header)).toMatchObject({ passkeys: [], sessionHasSecondFactor: false });

    // A passkey added with the check, then used without it.
    const device = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(t, jar, device)).statusCode).toBe(200);
    const [stored] = await t.db.select().from(passkeys).where(eq(passkeys.credentialID, device.lastCredentialId));
    const options = await t.authPost(
      '/passkey/generate-authenticate-options',
      {},
      { headers: { 'accept-language': 'mn' } },
    );
    const cookie = new CookieJar().take(options);
    device.userVerified = false;
    const response = device.authenticate(options.json() as RequestOptions);
    const answer = await t.authPost(
      '/passkey/verify-authentication',
      { response },
      { cookie: cookie.header, headers: { 'accept-language': 'mn' } },
    );
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer)).toMatchObject({
      code: 'PASSKEY_USER_NOT_VERIFIED',
      message: expect.stringMatching(/[а-яө]/),
    });
    expect(new CookieJar().take(answer).has('aylal.session_token')).toBe(false);
    expect(stored).toBeDefined();
  });

  it('are added only on a sign-in of the last 15 minutes (or a confirmation), with a name of 60 characters at most', async () => {
    const jar = new CookieJar(await t.signUp('stale@example.com'));
    await ageSession(t, 'stale@example.com', 16);
    const stale = await t.authPost('/passkey/generate-register-options', {}, { cookie: jar.header });
    expect(stale.statusCode).toBe(403);
    expect(errorOf(stale).code).toBe('FRESH_SIGN_IN_REQUIRED');

    const confirmed = await t.send('POST', '/api/account/confirm', {
      cookie: jar.header,
      body: { password: DEFAULT_PASSWORD },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const device = new SoftAuthenticator(ORIGIN);
    const tooLong = await addPasskey(t, jar, device, { name: 'x'.repeat(61) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).code).toBe('VALIDATION_FAILED');
    // A second session made beside this one is not a passkey's business here.
    const withSession = await addPasskey(t, jar, device, { createSession: true });
    expect(withSession.statusCode).toBe(400);
    expect(errorOf(withSession).code).toBe('VALIDATION_FAILED');
    // A body the plugin cannot read is the client's mistake, never a 500.
    const options = await t.authPost('/passkey/generate-register-options', {}, { cookie: jar.header });
    jar.take(options);
    const garbage = await t.authPost('/passkey/verify-registration', { response: { id: 'x' } }, { cookie: jar.header });
    expect(garbage.statusCode).toBe(400);
    expect(errorOf(garbage).code).toBe('PASSKEY_FAILED');
    expect((await status(t, jar.header)).passkeys).toEqual([]);
  });

  it('are removed by their owner only (404 for anyone else), on a session that gave the factor; then no longer sign in', async () => {
    const ownerJar = new CookieJar(await t.signUp('remover@example.com'));
    const device = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(t, ownerJar, device, { name: 'Phone' })).statusCode).toBe(200);
    const [key] = (await status(t, ownerJar.header)).passkeys;

    const other = await t.signUp('other-remover@example.com');
    const foreign = await t.send('DELETE', `/api/account/passkeys/${key!.id}`, { cookie: other });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('NOT_FOUND');

    // A session made with the password alone has not given the account's passkey: it may not remove it.
    const passwordOnly = await t.signIn('remover@example.com');
    const refused = await t.send('DELETE', `/api/account/passkeys/${key!.id}`, { cookie: passwordOnly });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('FRESH_SIGN_IN_REQUIRED');
    const addMore = await t.authPost('/passkey/generate-register-options', {}, { cookie: passwordOnly });
    expect(errorOf(addMore).code).toBe('FRESH_SIGN_IN_REQUIRED');

    const removed = await t.send('DELETE', `/api/account/passkeys/${key!.id}`, { cookie: ownerJar.header });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as SecondFactorStatus).passkeys).toEqual([]);
    const again = await t.send('DELETE', `/api/account/passkeys/${key!.id}`, { cookie: ownerJar.header });
    expect(again.statusCode).toBe(404);
    const gone = await signInWithPasskey(t, device);
    expect(errorOf(gone.answer).code).toBe('PASSKEY_NOT_FOUND');
  });
});

describe('passkeys for staff (STAFF_TWO_FACTOR=required)', () => {
  const t = useTestApp({ STAFF_TWO_FACTOR: 'required' });

  it('count as the second factor: an admin adds one instead of an app, then a password sign-in needs it again', async () => {
    const jar = new CookieJar(await t.signUp(ADMIN_EMAIL));
    const before = await t.get('/api/admin/dashboard', { cookie: jar.header });
    expect(before.statusCode).toBe(403);
    expect(errorOf(before)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { needs: 'enrol' } });

    const device = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(t, jar, device, { name: 'Office key' })).statusCode).toBe(200);
    expect((await status(t, jar.header)).staff).toBe('granted');
    expect((await t.get('/api/admin/dashboard', { cookie: jar.header })).statusCode).toBe(200);

    // The password alone, elsewhere: not staff until the passkey is used.
    const passwordOnly = await t.signIn(ADMIN_EMAIL);
    const refused = await t.get('/api/admin/users', { cookie: passwordOnly });
    expect(errorOf(refused)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { needs: 'verify' } });
    expect((await status(t, passwordOnly)).staff).toBe('verify');

    const { answer, jar: browser } = await signInWithPasskey(t, device, new CookieJar(passwordOnly));
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await t.get('/api/admin/users', { cookie: browser.header })).statusCode).toBe(200);

    // Nor can that password session turn on an app of its own (it would then be staff): the
    // account's passkey was not given in it.
    const enable = await t.authPost('/two-factor/enable', { password: DEFAULT_PASSWORD }, { cookie: passwordOnly });
    expect(enable.statusCode).toBe(403);
    expect(errorOf(enable).code).toBe('FRESH_SIGN_IN_REQUIRED');
    const guess = await t.authPost('/two-factor/verify-totp', { code: '123456' }, { cookie: passwordOnly });
    expect(guess.statusCode).toBe(404);
    expect((await status(t, passwordOnly)).enabled).toBe(false);
    // The passkey's own session may.
    const fromPasskey = await t.authPost(
      '/two-factor/enable',
      { password: DEFAULT_PASSWORD },
      { cookie: browser.header },
    );
    expect(fromPasskey.statusCode, fromPasskey.body).toBe(200);

    // Removing the only one: the back office asks for a second factor again, on every session.
    const [key] = (await status(t, browser.header)).passkeys;
    const removed = await t.send('DELETE', `/api/account/passkeys/${key!.id}`, { cookie: browser.header });
    expect((removed.json() as SecondFactorStatus).staff).toBe('enrol');
    const after = await t.get('/api/admin/dashboard', { cookie: browser.header });
    expect(errorOf(after)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { needs: 'enrol' } });
  });
});
