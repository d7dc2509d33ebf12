import { beforeAll, describe, expect, it } from 'vitest';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import type { SecondFactorStatus } from '@aylal/shared/schemas/second-factor';
import {
  ADMIN_EMAIL,
  ageSessions,
  DEFAULT_PASSWORD,
  errorOf,
  readUntil,
  useAccounts,
  useTestApp,
} from '../../../test/helpers.ts';
import { enrolTotp, totpCode, wrongCode } from '../../../test/second-factor.ts';
import { draftWithPassports, submitVisa } from '../../../test/visa.ts';

const STAFF = '/api/admin/visa-applications';

/**
 * Passport numbers whole and visa documents only on a fresh sign-in (docs/decisions/023): within
 * 15 minutes of signing in or of confirming with the password or a code; 403
 * FRESH_SIGN_IN_REQUIRED after, with nothing shown.
 */
describe('a fresh sign-in for passports and visa documents', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL, applicant: 'traveller@example.com' });
  let sent: VisaApplication;

  beforeAll(async () => {
    sent = await submitVisa(t, accounts.applicant, await draftWithPassports(t, accounts.applicant, 'MP1234567'));
  });

  const reads = () => {
    const document = sent.documents[0]!.id;
    return [
      { who: 'staff', url: `${STAFF}/${sent.id}/passports` },
      { who: 'staff', url: `${STAFF}/${sent.id}/documents/${document}` },
      { who: 'staff', url: `${STAFF}/${sent.id}/documents/${document}?inline=1` },
      { who: 'staff', url: `${STAFF}/${sent.id}/pdf` },
      { who: 'applicant', url: `/api/visa-applications/${sent.id}/documents/${document}` },
    ] as const;
  };
  const cookieOf = (who: 'staff' | 'applicant') => (who === 'staff' ? accounts.admin : accounts.applicant);

  it('shows staff the passport numbers masked, and whole on a fresh sign-in', async () => {
    const detail = await t.get(`${STAFF}/${sent.id}`, { cookie: accounts.admin });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toMatch(/MP1234567|MS7654321/);
    const passports = await t.get(`${STAFF}/${sent.id}/passports`, { cookie: accounts.admin });
    expect(passports.json()).toEqual({
      applicant: 'MP1234567',
      dependants: [{ id: sent.dependantList[0]!.id, passportNumber: 'MS7654321' }],
    });
    for (const { who, url } of reads()) {
      expect((await t.get(url, { cookie: cookieOf(who) })).statusCode, url).toBe(200);
    }
    // Never to anyone else: a user is refused staff's, and another person's documents are not found.
    expect((await t.get(`${STAFF}/${sent.id}/passports`, { cookie: accounts.applicant })).statusCode).toBe(403);
    const stranger = await t.signUp('stranger@example.com');
    const theirs = await t.get(reads()[4].url, { cookie: stranger });
    expect(errorOf(theirs).code).toBe('VISA_NOT_FOUND');
  });

  it('asks for a fresh sign-in after 15 minutes: 403 FRESH_SIGN_IN_REQUIRED in both languages, nothing shown', async () => {
    await ageSessions(t, 14);
    for (const { who, url } of reads()) {
      expect((await t.get(url, { cookie: cookieOf(who) })).statusCode, url).toBe(200);
    }
    await ageSessions(t, 16);
    for (const { who, url } of reads()) {
      const response = await readUntil(
        () => t.get(url, { cookie: cookieOf(who) }),
        (answer) => answer.statusCode === 403,
      );
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response), url).toEqual({
        code: 'FRESH_SIGN_IN_REQUIRED',
        message: 'For your security, please confirm it is you before continuing.',
      });
      expect(response.body).not.toMatch(/MP1234567|MS7654321|%PDF/);
    }
    const mongolian = await t.get(reads()[0].url, { cookie: accounts.admin, headers: { 'accept-language': 'mn' } });
    expect(errorOf(mongolian).message).toBe('Аюулгүй байдлын үүднээс үргэлжлүүлэхийн өмнө өөрийгөө баталгаажуулна уу.');
    // What does not show a passport or a document is unchanged.
    expect((await t.get(`${STAFF}/${sent.id}`, { cookie: accounts.admin })).statusCode).toBe(200);
    expect((await t.get(`/api/visa-applications/${sent.id}`, { cookie: accounts.applicant })).statusCode).toBe(200);
    const status = (await t.get('/api/account/second-factor', { cookie: accounts.admin })).json() as SecondFactorStatus;
    expect(new Date(status.freshUntil).getTime()).toBeLessThan(Date.now());
  });

  it('carries on once the person confirms with the password (a wrong one changes nothing)', async () => {
    await ageSessions(t, 30);
    const wrong = await t.send('POST', '/api/account/confirm', {
      cookie: accounts.admin,
      body: { password: 'wrong-password' },
    });
    expect(errorOf(wrong).code).toBe('AUTH_WRONG_PASSWORD');
    expect((await t.get(reads()[0].url, { cookie: accounts.admin })).statusCode).toBe(403);

    for (const who of ['staff', 'applicant'] as const) {
      const confirm = await t.send('POST', '/api/account/confirm', {
        cookie: cookieOf(who),
        body: { password: DEFAULT_PASSWORD },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      const freshUntil = new Date((confirm.json() as SecondFactorStatus).freshUntil).getTime();
      expect(freshUntil).toBeGreaterThan(Date.now() + 14 * 60_000);
      expect(freshUntil).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    }
    for (const { who, url } of reads()) {
      expect((await t.get(url, { cookie: cookieOf(who) })).statusCode, url).toBe(200);
    }
    expect((await t.get(reads()[0].url, { cookie: accounts.admin })).json()).toMatchObject({ applicant: 'MP1234567' });
  });

  it('carries on once the person confirms with a code from their app', async () => {
    const { uri, cookie } = await enrolTotp(t, accounts.applicant);
    accounts.applicant = cookie;
    await ageSessions(t, 20);
    const url = reads()[4].url;
    await readUntil(
      () => t.get(url, { cookie: accounts.applicant }),
      (answer) => answer.statusCode === 403,
    );
    const wrong = await t.send('POST', '/api/account/confirm', {
      cookie: accounts.applicant,
      body: { code: wrongCode(uri) },
    });
    expect(errorOf(wrong).code).toBe('TWO_FACTOR_INVALID_CODE');
    expect((await t.get(url, { cookie: accounts.applicant })).statusCode).toBe(403);
    const confirm = await t.send('POST', '/api/account/confirm', {
      cookie: accounts.applicant,
      body: { code: totpCode(uri) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await t.get(url, { cookie: accounts.applicant })).statusCode).toBe(200);
  });
});
