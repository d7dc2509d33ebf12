import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecondFactorStatus } from '@aylal/shared/schemas/second-factor';
import { ADMIN_EMAIL, createTestApp, errorOf, readUntil, type TestApp } from '../../test/helpers.ts';
import { GOOGLE_EMAIL, signInWithGoogle, startOidcProvider, type OidcProvider } from '../../test/oidc.ts';
import { enrolTotp, totpCode, wrongCode } from '../../test/second-factor.ts';

/**
 * Better Auth's two-factor hook challenges `/sign-in/email` only; a staff member who signs in with
 * Google is asked for the code too (docs/decisions/023). "Google" is the end-to-end run's local
 * OpenID provider.
 */
describe('signing in with Google to an account with a second factor', () => {
  let provider: OidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider();
    t = await createTestApp({
      ...provider.config,
      ADMIN_EMAILS: `${ADMIN_EMAIL},${GOOGLE_EMAIL}`,
      STAFF_TWO_FACTOR: 'required',
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  /** The authenticator app the first test sets up. */
  let appUri = '';

  it('asks for the code after Google: no session until it is given, then a staff session', async () => {
    // The first sign-in makes the account (an admin by ADMIN_EMAILS), not yet staff: no second factor.
    const first = await signInWithGoogle(t);
    expect(first.callback.statusCode).toBe(302);
    expect(first.callback.headers.location).toBe('/profile?authSuccess=google');
    expect((await t.get('/api/me', { cookie: first.jar.header })).json()).toMatchObject({
      email: GOOGLE_EMAIL,
      role: 'admin',
    });
    const refused = await t.get('/api/admin/dashboard', { cookie: first.jar.header });
    expect(errorOf(refused)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { needs: 'enrol' } });

    // A Google-only account sets the app up without a password, on its fresh sign-in.
    const { uri, cookie } = await enrolTotp(t, first.jar.header, null);
    appUri = uri;
    expect((await t.get('/api/admin/dashboard', { cookie })).statusCode).toBe(200);
    expect((await t.authPost('/sign-out', {}, { cookie })).statusCode).toBe(200);

    const again = await signInWithGoogle(t, '/admin/dashboard?authSuccess=google');
    expect(again.callback.statusCode).toBe(302);
    expect(again.callback.headers.location).toBe('/admin/dashboard?twoFactor=google');
    expect(again.jar.has('aylal.session_token')).toBe(false);
    expect(again.jar.has('aylal_signed_in')).toBe(false);
    expect(again.jar.has('aylal.two_factor')).toBe(true);
    expect((await t.get('/api/me', { cookie: again.jar.header })).statusCode).toBe(401);
    expect((await t.get('/api/admin/dashboard', { cookie: again.jar.header })).statusCode).toBe(401);
    // The session Google's callback made is gone from the database too.
    const { rows } = await t.db.$client.query<{ count: string }>(
      `select count(*) from sessions join users on users.id = sessions.user_id where users.email = $1`,
      [GOOGLE_EMAIL],
    );
    expect(Number(rows[0]!.count)).toBe(0);

    const wrong = await t.authPost('/two-factor/verify-totp', { code: wrongCode(uri) }, { cookie: again.jar.header });
    expect(errorOf(wrong).code).toBe('TWO_FACTOR_INVALID_CODE');
    const right = await t.authPost('/two-factor/verify-totp', { code: totpCode(uri) }, { cookie: again.jar.header });
    expect(right.statusCode, right.body).toBe(200);
    const session = again.jar.take(right).header;
    expect((await t.get('/api/admin/dashboard', { cookie: session })).statusCode).toBe(200);
    const status = (await t.get('/api/account/second-factor', { cookie: session })).json() as SecondFactorStatus;
    expect(status).toMatchObject({ enabled: true, hasPassword: false, sessionHasSecondFactor: true, staff: 'granted' });
  });

  it('asks a Google-only account for a fresh sign-in before its second factor changes', async () => {
    const challenged = await signInWithGoogle(t);
    const verify = await t.authPost(
      '/two-factor/verify-totp',
      { code: totpCode(appUri) },
      {
        cookie: challenged.jar.header,
      },
    );
    expect(verify.statusCode, verify.body).toBe(200);
    const cookie = challenged.jar.take(verify).header;
    // Sixteen minutes later.
    await t.db.execute(sql`update sessions set created_at = now() - interval '16 minutes', confirmed_at = null`);
    for (const route of ['/two-factor/generate-backup-codes', '/two-factor/disable']) {
      const stale = await readUntil(
        () => t.authPost(route, {}, { cookie }),
        (response) => response.statusCode === 403,
      );
      expect(errorOf(stale).code, route).toBe('FRESH_SIGN_IN_REQUIRED');
    }
    const status = (await t.get('/api/account/second-factor', { cookie })).json() as SecondFactorStatus;
    expect(status.enabled).toBe(true);
    expect(new Date(status.freshUntil).getTime()).toBeLessThan(Date.now());

    const confirm = await t.send('POST', '/api/account/confirm', { cookie, body: { code: totpCode(appUri) } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const generate = await t.authPost('/two-factor/generate-backup-codes', {}, { cookie });
    expect(generate.statusCode, generate.body).toBe(200);
    expect((generate.json() as { backupCodes: string[] }).backupCodes).toHaveLength(10);
  });

  it('keeps a Google sign-in of an account without a second factor as it was', async () => {
    await t.db.execute(sql`delete from two_factors`);
    await t.db.execute(sql`update users set two_factor_enabled = false`);
    const { callback, jar } = await signInWithGoogle(t);
    expect(callback.headers.location).toBe('/profile?authSuccess=google');
    const me = await readUntil(
      () => t.get('/api/me', { cookie: jar.header }),
      (response) => response.statusCode === 200,
    );
    expect(me.json()).toMatchObject({ email: GOOGLE_EMAIL });
  });
});
