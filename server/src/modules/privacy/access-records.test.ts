import { asc, count, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AdminVisaAccessLog, VisaApplication } from '@aylal/shared/schemas/visa';
import { accessRecords } from '../../db/schema/privacy.ts';
import {
  ADMIN_EMAIL,
  ageSessions,
  DEFAULT_PASSWORD,
  errorOf,
  readUntil,
  type TestApp,
  useAccounts,
  useTestApp,
} from '../../../test/helpers.ts';
import { draftWithPassports, submitVisa } from '../../../test/visa.ts';

/**
 * Who looked (docs/decisions/027): each staff view of a visa application's personal data (the
 * passport numbers whole, a document, the staff PDF, the CSV export) writes exactly one access
 * record, before anything is sent and only when it is shown; staff read them back on the
 * application's page, and the applicant in their data export.
 */

const STAFF = '/api/admin/visa-applications';
const STAFF_ADDRESS = '203.0.113.7';

async function allRecords(t: TestApp) {
  return t.db.select().from(accessRecords).orderBy(asc(accessRecords.createdAt), asc(accessRecords.id));
}

async function recordCount(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ total: count() }).from(accessRecords);
  return row!.total;
}

describe('who looked at a visa application', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, {
    admin: { email: ADMIN_EMAIL, name: 'Oyun Bold' },
    applicant: { email: 'applicant@example.com', name: 'Account Holder' },
    outsider: { email: 'outsider@example.com', name: 'Someone Else' },
  });
  let sent: VisaApplication;
  let other: VisaApplication;
  let draftId: string;

  /** A GET from the staff member's own address, as a browser sends it. */
  const look = (url: string, cookie = accounts.admin) =>
    t.app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: STAFF_ADDRESS });

  /** A draft of `cookie`'s with `form`, a dependant, and a passport scan of each of them. */
  async function draft(cookie: string, passportNumber: string): Promise<string> {
    return draftWithPassports(t, cookie, passportNumber, { scanDependant: true, fileName: 'Bat Dorj passport.pdf' });
  }

  async function submitted(cookie: string, passportNumber: string): Promise<VisaApplication> {
    return submitVisa(t, cookie, await draft(cookie, passportNumber));
  }

  async function accessLog(id: string): Promise<AdminVisaAccessLog> {
    const response = await t.get(`${STAFF}/${id}/access-log`, { cookie: accounts.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminVisaAccessLog;
  }

  beforeAll(async () => {
    sent = await submitted(accounts.applicant, 'MP1234567');
    other = await submitted(accounts.outsider, 'MP7777777');
    draftId = await draft(accounts.applicant, 'MP5555555');
  });

  it('writes one record for each view, with who, from where, which application and what', async () => {
    const [own, dependants] = [sent.documents.find((d) => !d.dependantId)!, sent.documents.find((d) => d.dependantId)!];
    const adminId = (await t.db.execute<{ id: string }>(sql`select id from users where email = ${ADMIN_EMAIL}`))
      .rows[0]!.id;
    const who = { actorId: adminId, actorName: 'Oyun Bold', actorEmail: ADMIN_EMAIL, ip: STAFF_ADDRESS };

    const views: { url: string; shows: (response: LightMyRequestResponse) => void; record: object }[] = [
      {
        url: `${STAFF}/${sent.id}/passports`,
        shows: (response) => expect(response.json()).toMatchObject({ applicant: 'MP1234567' }),
        record: { kind: 'passport-reveal', applicationId: sent.id, applicationIds: [], detail: {} },
      },
      {
        url: `${STAFF}/${sent.id}/documents/${own.id}?inline=1`,
        shows: (response) => expect(response.rawPayload.length).toBe(own.size),
        record: {
          kind: 'document-open',
          applicationId: sent.id,
          applicationIds: [],
          detail: { documentId: own.id, kind: 'passport' },
        },
      },
      {
        url: `${STAFF}/${sent.id}/documents/${dependants.id}`,
        shows: (response) => expect(response.rawPayload.length).toBe(dependants.size),
        record: {
          kind: 'document-open',
          applicationId: sent.id,
          applicationIds: [],
          detail: { documentId: dependants.id, kind: 'passport', dependantId: dependants.dependantId },
        },
      },
      {
        url: `${STAFF}/${sent.id}/pdf`,
        shows: (response) => expect(response.rawPayload.subarray(0, 4).toString()).toBe('%PDF'),
        record: { kind: 'staff-pdf', applicationId: sent.id, applicationIds: [], detail: {} },
      },
      {
        // A search for passport digits: the record keeps how many, never what was searched.
        url: `${STAFF}.csv?q=1234567`,
        shows: (response) => expect(response.body).toContain(sent.reference!),
        record: { kind: 'visa-csv', applicationId: null, applicationIds: [sent.id], detail: { count: 1 } },
      },
      {
        url: `${STAFF}.csv`,
        shows: (response) => expect(response.body).toContain(other.reference!),
        record: {
          kind: 'visa-csv',
          applicationId: null,
          applicationIds: expect.arrayContaining([sent.id, other.id]),
          detail: { count: 2 },
        },
      },
    ];
    for (const { url, shows, record } of views) {
      const before = await allRecords(t);
      const response = await look(url);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      shows(response);
      const after = await allRecords(t);
      expect(after, url).toHaveLength(before.length + 1);
      expect(after.at(-1), url).toMatchObject({ ...record, ...who });
    }
    const exported = (await allRecords(t)).filter((row) => row.kind === 'visa-csv');
    expect(exported.map((row) => row.applicationIds.length)).toEqual([1, 2]);
    expect(JSON.stringify(exported)).not.toMatch(/1234567|Bat|Dorj/);
    expect(JSON.stringify(await allRecords(t))).not.toMatch(/passport\.pdf/);

    // What shows no one's personal data records nothing: staff's page (passports masked), an
    // export that lists nothing, and the applicant's own PDF.
    const before = await recordCount(t);
    expect((await look(`${STAFF}/${sent.id}`)).statusCode).toBe(200);
    const empty = await look(`${STAFF}.csv?q=nobody-at-all`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).not.toContain(sent.reference!);
    const mine = await t.get(`/api/visa-applications/${sent.id}/pdf`, { cookie: accounts.applicant });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await recordCount(t)).toBe(before);
  });

  it('records nothing for a refused view: not staff, not signed in, a draft, an unknown file or application', async () => {
    const document = sent.documents[0]!.id;
    const views = [
      `${STAFF}/${sent.id}/passports`,
      `${STAFF}/${sent.id}/documents/${document}`,
      `${STAFF}/${sent.id}/pdf`,
      `${STAFF}.csv`,
    ];
    const before = await recordCount(t);
    for (const url of views) {
      expect((await look(url, accounts.applicant)).statusCode, url).toBe(403);
      expect((await t.get(url)).statusCode, url).toBe(401);
    }
    const notFound: [string, string][] = [
      [`${STAFF}/${draftId}/passports`, 'VISA_NOT_FOUND'],
      [`${STAFF}/${draftId}/pdf`, 'VISA_NOT_FOUND'],
      [`${STAFF}/${sent.id}/documents/${other.documents[0]!.id}`, 'DOCUMENT_NOT_FOUND'],
      [`${STAFF}/${sent.id}/documents/00000000-0000-4000-8000-000000000000`, 'DOCUMENT_NOT_FOUND'],
      [`${STAFF}/00000000-0000-4000-8000-000000000000/passports`, 'VISA_NOT_FOUND'],
      [`${STAFF}/00000000-0000-4000-8000-000000000000/pdf`, 'VISA_NOT_FOUND'],
    ];
    for (const [url, code] of notFound) {
      const response = await look(url);
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code, url).toBe(code);
    }
    expect(await recordCount(t)).toBe(before);
  });

  it('shows nothing when the record cannot be written', async () => {
    // The database refuses every new record for a moment.
    await t.db.execute(sql`alter table access_records add constraint refuse_all check (false) not valid`);
    try {
      const before = await recordCount(t);
      for (const url of [
        `${STAFF}/${sent.id}/passports`,
        `${STAFF}/${sent.id}/documents/${sent.documents[0]!.id}`,
        `${STAFF}/${sent.id}/pdf`,
        `${STAFF}.csv`,
      ]) {
        const response = await look(url);
        expect(response.statusCode, url).toBe(500);
        expect(response.body, url).not.toMatch(/MP1234567|MS7654321|%PDF|Bat|Dorj/);
        expect(response.body, url).not.toContain(sent.reference!);
      }
      expect(await recordCount(t)).toBe(before);
    } finally {
      await t.db.execute(sql`alter table access_records drop constraint refuse_all`);
    }
  });

  it("lists an application's records newest first, with the exports that listed it and no other application's", async () => {
    // `other` is looked at once on its own: that record is not `sent`'s.
    expect((await look(`${STAFF}/${other.id}/passports`)).statusCode).toBe(200);
    const response = await t.get(`${STAFF}/${sent.id}/access-log`, { cookie: accounts.admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const log = response.json() as AdminVisaAccessLog;
    expect(log.total).toBe(6);
    expect(log.records.map((record) => [record.kind, record.detail])).toEqual([
      ['visa-csv', { count: 2 }],
      ['visa-csv', { count: 1 }],
      ['staff-pdf', {}],
      ['document-open', { documentKind: 'passport' }],
      ['document-open', { documentKind: 'passport' }],
      ['passport-reveal', {}],
    ]);
    for (const record of log.records) {
      expect(record).toMatchObject({ actor: { name: 'Oyun Bold', email: ADMIN_EMAIL }, ip: STAFF_ADDRESS });
    }
    const times = log.records.map((record) => Date.parse(record.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const others = await accessLog(other.id);
    expect(others.records.map((record) => record.kind)).toEqual(['passport-reveal', 'visa-csv']);
    expect(others.total).toBe(2);
  });

  it('gives the log to staff only, and not for a draft or an unknown application', async () => {
    const url = `${STAFF}/${sent.id}/access-log`;
    expect(errorOf(await t.get(url)).code).toBe('UNAUTHENTICATED');
    for (const cookie of [accounts.applicant, accounts.outsider]) {
      const response = await t.get(url, { cookie });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('FORBIDDEN');
    }
    for (const id of [draftId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await t.get(`${STAFF}/${id}/access-log`, { cookie: accounts.admin });
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response).code, id).toBe('VISA_NOT_FOUND');
    }
  });

  it("lists the records in the applicant's export, with their application's reference", async () => {
    const response = await t.get('/api/account/export', { cookie: accounts.applicant });
    expect(response.statusCode, response.body).toBe(200);
    const { accessRecords: looks } = response.json() as {
      accessRecords: { kind: string; actorName: string; detail: object; applications: object[] }[];
    };
    const application = [{ id: sent.id, reference: sent.reference }];
    expect(
      looks.map(({ kind, actorName, detail, applications }) => ({ kind, actorName, detail, applications })),
    ).toEqual([
      { kind: 'passport-reveal', actorName: 'Oyun Bold', detail: {}, applications: application },
      expect.objectContaining({ kind: 'document-open', applications: application }),
      expect.objectContaining({ kind: 'document-open', applications: application }),
      { kind: 'staff-pdf', actorName: 'Oyun Bold', detail: {}, applications: application },
      // The export that listed both names theirs alone.
      { kind: 'visa-csv', actorName: 'Oyun Bold', detail: { count: 1 }, applications: application },
      { kind: 'visa-csv', actorName: 'Oyun Bold', detail: { count: 2 }, applications: application },
    ]);
  });

  it('records nothing once the sign-in is stale (FRESH_SIGN_IN_REQUIRED), and again once confirmed', async () => {
    await ageSessions(t, 16);
    // The change reaches the session cache by NOTIFY, a moment later: wait for it where nothing is
    // recorded, so that no view is answered (and recorded) before the session is stale.
    await readUntil(
      () => t.get('/api/account/second-factor', { cookie: accounts.admin }),
      (answer) => new Date((answer.json() as { freshUntil: string }).freshUntil).getTime() < Date.now(),
    );
    const before = await recordCount(t);
    for (const url of [
      `${STAFF}/${sent.id}/passports`,
      `${STAFF}/${sent.id}/documents/${sent.documents[0]!.id}`,
      `${STAFF}/${sent.id}/pdf`,
    ]) {
      const response = await readUntil(
        () => look(url),
        (answer) => answer.statusCode === 403,
      );
      expect(errorOf(response).code, url).toBe('FRESH_SIGN_IN_REQUIRED');
    }
    expect(await recordCount(t)).toBe(before);

    const confirmed = await t.send('POST', '/api/account/confirm', {
      cookie: accounts.admin,
      body: { password: DEFAULT_PASSWORD },
    });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
    const shown = await readUntil(
      () => look(`${STAFF}/${sent.id}/passports`),
      (answer) => answer.statusCode === 200,
    );
    expect(shown.statusCode).toBe(200);
    expect(await recordCount(t)).toBe(before + 1);
  });
});
