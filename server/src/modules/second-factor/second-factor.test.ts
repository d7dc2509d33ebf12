import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SecondFactorStatus } from '@aylal/shared/schemas/second-factor';
import { loadConfig } from '../../config.ts';
import { sessions, twoFactors, users } from '../../db/schema/auth.ts';
import {
  ADMIN_EMAIL,
  DEFAULT_PASSWORD,
  ORIGIN,
  errorOf,
  readUntil,
  type TestApp,
  useTestApp,
} from '../../../test/helpers.ts';
import { CookieJar, enrolTotp, signInWithCode, totpCode, wrongCode } from '../../../test/second-factor.ts';
import { queuedLink } from '../../plugins/email-links.ts';

const MONGOLIAN = { 'accept-language': 'mn' };

async function status(t: TestApp, cookie: string): Promise<SecondFactorStatus> {
  const response = await t.get('/api/account/second-factor', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SecondFactorStatus;
}

/** Every /api/admin/* operation the API describes, with a made-up id wherever the path takes one. */
async function adminOperations(t: TestApp): Promise<{ method: string; url: string }[]> {
  const document = (await t.get('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  const id = '00000000-0000-4000-8000-000000000000';
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, id) })),
    );
}

describe('STAFF_TWO_FACTOR', () => {
  const base = { NODE_ENV: 'development', DATA_DIR: '/tmp/aylal-config-test', AUTH_SECRET: 'x'.repeat(32) };

  it('is required in production and optional elsewhere unless set; any other value stops the start', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).STAFF_TWO_FACTOR).toBe('required');
    expect(loadConfig(base).STAFF_TWO_FACTOR).toBe('optional');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).STAFF_TWO_FACTOR).toBe('optional');
    expect(loadConfig({ ...base, STAFF_TWO_FACTOR: 'required' }).STAFF_TWO_FACTOR).toBe('required');
    expect(loadConfig({ ...base, NODE_ENV: 'production', STAFF_TWO_FACTOR: 'optional' }).STAFF_TWO_FACTOR).toBe(
      'optional',
    );
    expect(() => loadConfig({ ...base, STAFF_TWO_FACTOR: 'sometimes' })).toThrow(/STAFF_TWO_FACTOR/);
  });
});

describe('an authenticator app (STAFF_TWO_FACTOR=optional)', () => {
  const t = useTestApp();

  it('is set up with the password: a QR address and ten backup codes, on only once a first code is right', async () => {
    const cookie = await t.signUp('setup@example.com');
    expect(await status(t, cookie)).toMatchObject({
      enabled: false,
      backupCodesLeft: null,
      hasPassword: true,
      sessionHasSecondFactor: false,
      staff: null,
    });

    const wrongPassword = await t.authPost('/two-factor/enable', { password: 'not-the-password' }, { cookie });
    expect(wrongPassword.statusCode).toBe(401);
    expect(errorOf(wrongPassword).code).toBe('AUTH_WRONG_PASSWORD');

    const enable = await t.authPost('/two-factor/enable', { password: DEFAULT_PASSWORD }, { cookie });
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Aylal:setup%40example\.com\?secret=[A-Z2-7]+&issuer=Aylal/);
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // Not on until the app's first code: a sign-in still needs only the password.
    expect((await status(t, cookie)).enabled).toBe(false);
    expect(
      (await t.authPost('/sign-in/email', { email: 'setup@example.com', password: DEFAULT_PASSWORD })).json(),
    ).not.toHaveProperty('twoFactorRedirect');

    const wrong = await t.authPost('/two-factor/verify-totp', { code: wrongCode(totpURI) }, { cookie });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).code).toBe('TWO_FACTOR_INVALID_CODE');
    expect((await status(t, cookie)).enabled).toBe(false);

    const verify = await t.authPost('/two-factor/verify-totp', { code: totpCode(totpURI) }, { cookie });
    expect(verify.statusCode, verify.body).toBe(200);
    const after = new CookieJar(cookie).take(verify).header;
    expect(await status(t, after)).toMatchObject({
      enabled: true,
      backupCodesLeft: 10,
      sessionHasSecondFactor: true,
    });
    // Setting it up again is refused while it is on.
    const again = await t.authPost('/two-factor/enable', { password: DEFAULT_PASSWORD }, { cookie: after });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('asks for the code after the password; no session until it is right; a wrong one is refused in both languages', async () => {
    const { uri } = await enrolTotp(t, await t.signUp('asked@example.com'));

    const first = await t.authPost('/sign-in/email', { email: 'asked@example.com', password: DEFAULT_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const jar = new CookieJar().take(first);
    expect(jar.has('aylal.session_token')).toBe(false);
    expect(jar.has('aylal_signed_in')).toBe(false);
    expect((await t.get('/api/me', { cookie: jar.header })).statusCode).toBe(401);

    const wrong = await t.authPost('/two-factor/verify-totp', { code: wrongCode(uri) }, { cookie: jar.header });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual({
      code: 'TWO_FACTOR_INVALID_CODE',
      message: 'That code is not right. Check your authenticator app and try again.',
    });
    const wrongMn = await t.authPost(
      '/two-factor/verify-totp',
      { code: wrongCode(uri) },
      {
        cookie: jar.header,
        headers: MONGOLIAN,
      },
    );
    expect(errorOf(wrongMn).message).toBe('Код буруу байна. Баталгаажуулах аппаа шалгаад дахин оролдоно уу.');

    const right = await t.authPost('/two-factor/verify-totp', { code: totpCode(uri) }, { cookie: jar.header });
    expect(right.statusCode, right.body).toBe(200);
    jar.take(right);
    expect(jar.has('aylal_signed_in')).toBe(true);
    expect((await t.get('/api/me', { cookie: jar.header })).json()).toMatchObject({ email: 'asked@example.com' });
    expect((await status(t, jar.header)).sessionHasSecondFactor).toBe(true);
    // The challenge is used up with it.
    const replay = await t.authPost(
      '/two-factor/verify-totp',
      { code: totpCode(uri) },
      {
        cookie: new CookieJar().take(first).header,
      },
    );
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('TWO_FACTOR_SIGN_IN_AGAIN');
  });

  it('asks for the code after an emailed sign-in link too; trusts a browser only once the code is given', async () => {
    const email = 'linked@example.com';
    const first = await t.signUp(email);
    await t.verifyEmail(email);
    const { uri } = await enrolTotp(t, first);

    // The password alone marks no browser as the owner's (decision 022's device cookie).
    const pending = await t.authPost('/sign-in/email', { email, password: DEFAULT_PASSWORD });
    expect(pending.json()).toMatchObject({ twoFactorRedirect: true });
    expect(new CookieJar().take(pending).has('aylal.device')).toBe(false);

    // The sign-in link a locked account is offered makes no session either: the code is asked after it.
    expect((await t.authPost('/sign-in/magic-link', { email })).statusCode).toBe(200);
    const link = await queuedLink(t.db, 'sign-in', email);
    const followed = await t.get(link!.pathname + link!.search);
    expect(followed.statusCode).toBe(302);
    expect(new URL(String(followed.headers.location), ORIGIN).searchParams.get('twoFactor')).toBe('link');
    const jar = new CookieJar().take(followed);
    expect(jar.has('aylal.session_token')).toBe(false);
    expect(jar.has('aylal.device')).toBe(false);
    expect((await t.get('/api/me', { cookie: jar.header })).statusCode).toBe(401);

    const right = await t.authPost('/two-factor/verify-totp', { code: totpCode(uri) }, { cookie: jar.header });
    expect(right.statusCode, right.body).toBe(200);
    jar.take(right);
    expect(jar.has('aylal.device')).toBe(true);
    expect((await status(t, jar.header)).sessionHasSecondFactor).toBe(true);
  });

  it('lets no session guess codes, read the key or change the factor without having given it', async () => {
    const email = 'before@example.com';
    const first = await t.signUp(email);
    // Another device, signed in before the set-up: its session never gave the code.
    const before = await t.signIn(email);
    const { uri, cookie } = await enrolTotp(t, first);

    // Codes are checked on a session only at /api/account/confirm, which counts wrong ones.
    const guess = await t.authPost('/two-factor/verify-totp', { code: wrongCode(uri) }, { cookie: before });
    expect(guess.statusCode).toBe(404);
    const backup = await t.authPost('/two-factor/verify-backup-code', { code: 'abcde-fghij' }, { cookie: before });
    expect(backup.statusCode).toBe(404);
    const changed = await t.authPost(
      '/two-factor/generate-backup-codes',
      { password: DEFAULT_PASSWORD },
      { cookie: before },
    );
    expect(changed.statusCode).toBe(403);
    expect(errorOf(changed).code).toBe('FRESH_SIGN_IN_REQUIRED');
    expect((await status(t, before)).sessionHasSecondFactor).toBe(false);

    // The authenticator key is shown once, at the set-up; Better Auth's own API description is not served.
    const key = await t.authPost('/two-factor/get-totp-uri', { password: DEFAULT_PASSWORD }, { cookie });
    expect(key.statusCode).toBe(404);
    expect(key.body).not.toContain('otpauth');
    expect((await t.get('/api/auth/open-api/generate-schema')).statusCode).toBe(404);
  });

  it('takes five wrong codes per sign-in, then the password again', async () => {
    const { uri } = await enrolTotp(t, await t.signUp('five@example.com'));
    const first = await t.authPost('/sign-in/email', { email: 'five@example.com', password: DEFAULT_PASSWORD });
    const jar = new CookieJar().take(first);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await t.authPost('/two-factor/verify-totp', { code: wrongCode(uri) }, { cookie: jar.header });
      expect(errorOf(wrong).code).toBe('TWO_FACTOR_INVALID_CODE');
    }
    const sixth = await t.authPost('/two-factor/verify-totp', { code: totpCode(uri) }, { cookie: jar.header });
    expect(sixth.statusCode).toBe(401);
    expect(errorOf(sixth).code).toBe('TWO_FACTOR_SIGN_IN_AGAIN');
    expect(await signInWithCode(t, 'five@example.com', () => totpCode(uri))).toContain('aylal.session_token=');
  });

  it('lets each backup code sign in once, never twice; the status counts what is left', async () => {
    const { uri, backupCodes } = await enrolTotp(t, await t.signUp('backup@example.com'));
    const [code] = backupCodes;

    const cookie = await signInWithCode(t, 'backup@example.com', code!, { backup: true });
    expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);
    expect(await status(t, cookie)).toMatchObject({ backupCodesLeft: 9, sessionHasSecondFactor: true });

    const first = await t.authPost('/sign-in/email', { email: 'backup@example.com', password: DEFAULT_PASSWORD });
    const jar = new CookieJar().take(first);
    const reused = await t.authPost('/two-factor/verify-backup-code', { code }, { cookie: jar.header });
    expect(reused.statusCode).toBe(401);
    expect(errorOf(reused).code).toBe('TWO_FACTOR_INVALID_CODE');
    expect(jar.take(reused).has('aylal.session_token')).toBe(false);

    // Confirming with a backup code uses it up too.
    const confirm = await t.send('POST', '/api/account/confirm', { cookie, body: { code: backupCodes[1] } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((confirm.json() as SecondFactorStatus).backupCodesLeft).toBe(8);
    const again = await t.send('POST', '/api/account/confirm', { cookie, body: { code: backupCodes[1] } });
    expect(errorOf(again).code).toBe('TWO_FACTOR_INVALID_CODE');
    expect(await status(t, cookie)).toMatchObject({ backupCodesLeft: 8 });
    // The app's codes still work.
    expect(await signInWithCode(t, 'backup@example.com', () => totpCode(uri))).toContain('aylal.session_token=');
  });

  it('offers no trusted device: the next sign-in asks for the code again', async () => {
    const { uri } = await enrolTotp(t, await t.signUp('trusted@example.com'));
    const first = await t.authPost('/sign-in/email', { email: 'trusted@example.com', password: DEFAULT_PASSWORD });
    const jar = new CookieJar().take(first);
    const verify = await t.authPost(
      '/two-factor/verify-totp',
      { code: totpCode(uri), trustDevice: true },
      {
        cookie: jar.header,
      },
    );
    expect(verify.statusCode).toBe(200);
    jar.take(verify);
    expect(jar.has('aylal.trust_device')).toBe(false);
    const next = await t.authPost(
      '/sign-in/email',
      { email: 'trusted@example.com', password: DEFAULT_PASSWORD },
      {
        cookie: jar.header,
      },
    );
    expect(next.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('makes new backup codes with the password (the old ones stop working) and turns off with the password only', async () => {
    const email = 'regenerate@example.com';
    const { uri, backupCodes, cookie } = await enrolTotp(t, await t.signUp(email));

    const refused = await t.authPost('/two-factor/generate-backup-codes', { password: 'wrong-password' }, { cookie });
    expect(errorOf(refused).code).toBe('AUTH_WRONG_PASSWORD');
    const generate = await t.authPost('/two-factor/generate-backup-codes', { password: DEFAULT_PASSWORD }, { cookie });
    expect(generate.statusCode, generate.body).toBe(200);
    const fresh = (generate.json() as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => backupCodes.includes(code))).toBe(false);

    const first = await t.authPost('/sign-in/email', { email, password: DEFAULT_PASSWORD });
    const old = await t.authPost(
      '/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      {
        cookie: new CookieJar().take(first).header,
      },
    );
    expect(errorOf(old).code).toBe('TWO_FACTOR_INVALID_CODE');
    await signInWithCode(t, email, fresh[0]!, { backup: true });
    await signInWithCode(t, email, () => totpCode(uri));

    const noPassword = await t.authPost('/two-factor/disable', {}, { cookie });
    expect(noPassword.statusCode).toBe(401);
    expect(errorOf(noPassword).code).toBe('AUTH_WRONG_PASSWORD');
    const wrongPassword = await t.authPost('/two-factor/disable', { password: 'wrong-password' }, { cookie });
    expect(errorOf(wrongPassword).code).toBe('AUTH_WRONG_PASSWORD');
    expect((await status(t, cookie)).enabled).toBe(true);

    const disable = await t.authPost('/two-factor/disable', { password: DEFAULT_PASSWORD }, { cookie });
    expect(disable.statusCode, disable.body).toBe(200);
    const after = new CookieJar(cookie).take(disable).header;
    expect(await status(t, after)).toMatchObject({ enabled: false, backupCodesLeft: null });
    const rows = await t.db
      .select({ id: twoFactors.id })
      .from(twoFactors)
      .innerJoin(users, eq(users.id, twoFactors.userId))
      .where(eq(users.email, email));
    expect(rows).toEqual([]);
    const signIn = await t.authPost('/sign-in/email', { email, password: DEFAULT_PASSWORD });
    expect(signIn.json()).not.toHaveProperty('twoFactorRedirect');
  });

  it('confirms it is you with the password or a code; refuses bad input with a clear error and changes nothing', async () => {
    const email = 'confirm@example.com';
    const { uri } = await enrolTotp(t, await t.signUp(email));
    const session = await signInWithCode(t, email, () => totpCode(uri));
    const before = await t.db.select().from(sessions).orderBy(sessions.createdAt);

    for (const [body, code] of [
      [{}, 'VALIDATION_FAILED'],
      [{ password: '' }, 'VALIDATION_FAILED'],
      [{ code: 'abc' }, 'VALIDATION_FAILED'],
      [{ code: '12345' }, 'VALIDATION_FAILED'],
      [{ password: DEFAULT_PASSWORD, code: totpCode(uri) }, 'VALIDATION_FAILED'],
      [{ password: DEFAULT_PASSWORD, extra: true }, 'VALIDATION_FAILED'],
      [{ code: 123456 }, 'VALIDATION_FAILED'],
      [{ password: 'not-the-password' }, 'AUTH_WRONG_PASSWORD'],
      [{ code: wrongCode(uri) }, 'TWO_FACTOR_INVALID_CODE'],
    ] as const) {
      const response = await t.send('POST', '/api/account/confirm', { cookie: session, body });
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(errorOf(response).code, JSON.stringify(body)).toBe(code);
    }
    const mongolian = await t.send('POST', '/api/account/confirm', {
      cookie: session,
      body: { code: 'abc' },
      headers: MONGOLIAN,
    });
    expect(JSON.stringify(errorOf(mongolian).details)).toContain('зургаан оронтой код');
    const after = await t.db.select().from(sessions).orderBy(sessions.createdAt);
    expect(after.map((row) => row.confirmedAt)).toEqual(before.map((row) => row.confirmedAt));
    // Signed out, nothing to confirm.
    expect((await t.send('POST', '/api/account/confirm', { body: { password: DEFAULT_PASSWORD } })).statusCode).toBe(
      401,
    );

    const withPassword = await t.send('POST', '/api/account/confirm', {
      cookie: session,
      body: { password: DEFAULT_PASSWORD },
    });
    expect(withPassword.statusCode, withPassword.body).toBe(200);
    const withSpaces = await t.send('POST', '/api/account/confirm', {
      cookie: session,
      body: { code: `${totpCode(uri).slice(0, 3)} ${totpCode(uri).slice(3)}` },
    });
    expect(withSpaces.statusCode, withSpaces.body).toBe(200);
  });

  it('locks the codes of an account after ten wrong ones in a row, at sign-in and on confirming alike', async () => {
    const email = 'locked@example.com';
    const { uri, cookie } = await enrolTotp(t, await t.signUp(email));
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await t.send('POST', '/api/account/confirm', { cookie, body: { code: wrongCode(uri) } });
      expect(errorOf(response).code).toBe('TWO_FACTOR_INVALID_CODE');
    }
    const locked = await t.send('POST', '/api/account/confirm', { cookie, body: { code: totpCode(uri) } });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe('RATE_LIMITED');
    const first = await t.authPost('/sign-in/email', { email, password: DEFAULT_PASSWORD });
    const atSignIn = await t.authPost(
      '/two-factor/verify-totp',
      { code: totpCode(uri) },
      {
        cookie: new CookieJar().take(first).header,
      },
    );
    expect(atSignIn.statusCode).toBe(429);
    expect(errorOf(atSignIn).code).toBe('RATE_LIMITED');
  });

  it("does not make an admin's session staff until the code is given in it, once the admin has a second factor", async () => {
    const laptop = await t.signUp(ADMIN_EMAIL);
    // Without a second factor, an admin is staff where it is optional.
    expect((await t.get('/api/admin/dashboard', { cookie: laptop })).statusCode).toBe(200);
    expect((await status(t, laptop)).staff).toBe('granted');
    const phone = await t.signIn(ADMIN_EMAIL);

    const { uri, cookie: enrolled } = await enrolTotp(t, laptop);
    expect((await t.get('/api/admin/dashboard', { cookie: enrolled })).statusCode).toBe(200);

    // The phone's session was made without it: signed in, but not staff.
    const refused = await readUntil(
      () => t.get('/api/admin/dashboard', { cookie: phone }),
      (response) => response.statusCode === 403,
    );
    expect(errorOf(refused)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { needs: 'verify' } });
    expect((await t.get('/api/me', { cookie: phone })).statusCode).toBe(200);
    expect(await status(t, phone)).toMatchObject({ staff: 'verify', sessionHasSecondFactor: false });
    // The password alone does not make it staff; the code does.
    await t.send('POST', '/api/account/confirm', { cookie: phone, body: { password: DEFAULT_PASSWORD } });
    expect((await t.get('/api/admin/dashboard', { cookie: phone })).statusCode).toBe(403);
    const confirm = await t.send('POST', '/api/account/confirm', { cookie: phone, body: { code: totpCode(uri) } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((confirm.json() as SecondFactorStatus).staff).toBe('granted');
    expect((await t.get('/api/admin/dashboard', { cookie: phone })).statusCode).toBe(200);

    // A new password keeps the session's second factor (the session is replaced, not signed in anew).
    const changed = await t.authPost(
      '/change-password',
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'a-new-password-1' },
      { cookie: phone },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const replaced = new CookieJar(phone).take(changed).header;
    expect((await t.get('/api/admin/dashboard', { cookie: replaced })).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'user' }).where(eq(users.email, ADMIN_EMAIL));
  });
});

describe('STAFF_TWO_FACTOR=required', () => {
  const t = useTestApp({ STAFF_TWO_FACTOR: 'required' });

  it('answers every /api/admin/* route 403 TWO_FACTOR_REQUIRED to an admin without a second factor, until they set one up', async () => {
    const cookie = await t.signUp(ADMIN_EMAIL);
    const operations = await adminOperations(t);
    expect(operations.length).toBeGreaterThan(40);
    for (const { method, url } of operations) {
      const response = await t.send(method as 'GET', url, { cookie, ...(method === 'GET' ? {} : { body: {} }) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(response), `${method} ${url}`).toMatchObject({
        code: 'TWO_FACTOR_REQUIRED',
        details: { needs: 'enrol' },
      });
    }
    const mongolian = await t.get('/api/admin/dashboard', { cookie, headers: MONGOLIAN });
    expect(errorOf(mongolian).message).toMatch(/^Удирдлагын хэсэгт нэвтрэхэд хоёр дахь баталгаажуулалт/);
    // Nor the staff side of the live stream; the account itself works.
    expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ role: 'admin' });
    expect(await status(t, cookie)).toMatchObject({ staff: 'enrol', staffRequired: true, enabled: false });

    // A user is refused as before, whatever the setting.
    const user = await t.signUp('plain-user@example.com');
    expect(errorOf(await t.get('/api/admin/dashboard', { cookie: user })).code).toBe('FORBIDDEN');
    expect(errorOf(await t.get('/api/admin/dashboard')).code).toBe('UNAUTHENTICATED');

    const { uri, cookie: enrolled } = await enrolTotp(t, cookie);
    expect(await status(t, enrolled)).toMatchObject({ staff: 'granted', enabled: true });
    for (const url of ['/api/admin/dashboard', '/api/admin/users', '/api/admin/visa-applications']) {
      expect((await t.get(url, { cookie: enrolled })).statusCode, url).toBe(200);
    }
    // Signing in again takes the password and the code.
    const next = await signInWithCode(t, ADMIN_EMAIL, () => totpCode(uri));
    expect((await t.get('/api/admin/dashboard', { cookie: next })).statusCode).toBe(200);

    // Turning it off ends the back office again.
    const disable = await t.authPost('/two-factor/disable', { password: DEFAULT_PASSWORD }, { cookie: next });
    expect(disable.statusCode).toBe(200);
    const after = new CookieJar(next).take(disable).header;
    expect(errorOf(await t.get('/api/admin/dashboard', { cookie: after })).code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('keeps the session a staff session only with its second factor, read from the database each time it changes', async () => {
    const email = 'second-admin@example.com';
    const cookie = await t.signUp(email);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
    const { cookie: enrolled } = await enrolTotp(t, cookie);
    expect((await t.get('/api/admin/dashboard', { cookie: enrolled })).statusCode).toBe(200);
    // The second factor taken off this session (as by a session made without it) ends staff access at once.
    await t.db.execute(sql`update sessions set second_factor_at = null`);
    const refused = await readUntil(
      () => t.get('/api/admin/dashboard', { cookie: enrolled }),
      (response) => response.statusCode === 403,
    );
    expect(errorOf(refused)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { needs: 'verify' } });
  });
});
