import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminVisaDetail, VisaApplication } from '@aylal/shared/schemas/visa';
import { outbox } from '../../db/schema/mail.ts';
import { accessRecords } from '../../db/schema/privacy.ts';
import { visaApplications, visaDependants, visaDocuments, visaEvents } from '../../db/schema/visa.ts';
import { DRAFT_DELETION_SUBJECTS } from '../../mail/templates.ts';
import { ADMIN_EMAIL, errorOf, multipart, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { makePdf } from '../../../test/pdfs.ts';
import { useTestAppOnS3 } from '../../../test/s3-app.ts';
import { completeVisaForm, visaDependant } from '../../../test/visa.ts';

const DAY = 24 * 60 * 60_000;
const at = (base: Date, days: number, ms = 0) => new Date(base.getTime() + days * DAY + ms);

describe('the privacy sweep', () => {
  const logLines: string[] = [];
  const t = useTestApp({}, { logLines });
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL });
  let owner: string;

  /** An application with a document and a dependant, decided (`state`) at `decidedAt`. */
  const decided = async (state: 'approved' | 'refused' | 'withdrawn', decidedAt: Date) => {
    const draft = (await t.send('POST', '/api/visa-applications', { cookie: owner })).json() as VisaApplication;
    await t.send('PUT', `/api/visa-applications/${draft.id}`, {
      cookie: owner,
      headers: { 'if-match': `"${draft.version}"` },
      body: {
        form: completeVisaForm({ medicalConditions: 'Asthma', criminalRecordDetails: '', purposeDetails: 'A wedding' }),
      },
    });
    await t.send('POST', `/api/visa-applications/${draft.id}/dependants`, { cookie: owner, body: visaDependant() });
    const upload = await t.send('POST', `/api/visa-applications/${draft.id}/documents`, {
      cookie: owner,
      raw: multipart({ kind: 'passport' }, { name: 'passport.pdf', type: 'application/pdf', data: await makePdf() }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await t.db
      .update(visaApplications)
      .set({
        state,
        decidedAt,
        submittedAt: at(decidedAt, -10),
        reference: `V-2026-${String(Math.random()).slice(2, 7)}`,
      })
      .where(eq(visaApplications.id, draft.id));
    return draft.id;
  };
  const documentFiles = (id: string) => {
    const folder = path.join(t.config.DATA_DIR, 'uploads', 'visa', id);
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const row = async (id: string) => (await t.db.select().from(visaApplications).where(eq(visaApplications.id, id)))[0];

  beforeAll(async () => {
    owner = await t.signUp('sweep-owner@example.com', undefined, 'Sweep Owner', { verify: true });
  });

  it('deletes the documents and blanks the sensitive answers exactly on the configured day, keeping a minimal record', async () => {
    const decidedAt = new Date(Date.now() - 1000);
    const approved = await decided('approved', decidedAt);
    const refused = await decided('refused', decidedAt);
    const withdrawn = await decided('withdrawn', decidedAt);
    // The schedule starts at the defaults: 180, 730 and 30 days.
    expect((await t.get('/api/admin/settings/retention', { cookie: accounts.admin })).json()).toMatchObject({
      approvedDays: 180,
      refusedDays: 730,
      withdrawnDays: 30,
    });
    const settings = await t.send('PUT', '/api/admin/settings/retention', {
      cookie: accounts.admin,
      body: { approvedDays: 10, refusedDays: 20, withdrawnDays: 5 },
    });
    expect(settings.statusCode, settings.body).toBe(200);

    // The applicant is told when.
    const page = (await t.get(`/api/visa-applications/${approved}`, { cookie: owner })).json() as VisaApplication;
    expect(page.retention).toEqual({ deletesOn: at(decidedAt, 10).toISOString(), deletedAt: null, held: false });

    // A minute before the withdrawn one's day: nothing.
    await t.app.privacySweep.runOnce(at(decidedAt, 5, -60_000));
    expect((await row(withdrawn))!.purgedAt).toBeNull();
    expect(documentFiles(withdrawn)).toHaveLength(1);

    // On its day: the withdrawn one only.
    const report = await t.app.privacySweep.runOnce(at(decidedAt, 5));
    expect(report).toMatchObject({ purgedApplications: 1 });
    const purged = (await row(withdrawn))!;
    expect(purged.purgedAt).not.toBeNull();
    expect(documentFiles(withdrawn)).toEqual([]);
    expect(await t.db.select().from(visaDocuments).where(eq(visaDocuments.applicationId, withdrawn))).toEqual([]);
    expect(purged.form).toMatchObject({
      firstName: 'Bat',
      lastName: 'Dorj',
      country: 'KR',
      passportNumber: '',
      dateOfBirth: '',
      medicalConditions: '',
      purposeDetails: '',
      phone: '',
      email: '',
    });
    expect(purged.passportLast4).toBe('');
    expect(purged.searchText).not.toContain('e1234567');
    const [child] = await t.db.select().from(visaDependants).where(eq(visaDependants.applicationId, withdrawn));
    expect(child).toMatchObject({ firstName: 'Saraa', passportNumber: '', dateOfBirth: '' });
    const events = await t.db.select().from(visaEvents).where(eq(visaEvents.applicationId, withdrawn));
    expect(events.map((event) => event.kind)).toContain('purged');
    expect(
      ((await t.get(`/api/visa-applications/${withdrawn}`, { cookie: owner })).json() as VisaApplication).retention,
    ).toMatchObject({
      deletesOn: null,
      deletedAt: at(decidedAt, 5).toISOString(),
    });
    expect(documentFiles(approved)).toHaveLength(1);

    // Staff hold the approved one; on its day it stays, the refused one waits for its own.
    const held = await t.send('PUT', `/api/admin/visa-applications/${approved}/hold`, {
      cookie: accounts.admin,
      body: { reason: 'The embassy asked for the file' },
    });
    expect(held.statusCode, held.body).toBe(200);
    expect((held.json() as AdminVisaDetail).hold).toMatchObject({ reason: 'The embassy asked for the file' });
    await t.app.privacySweep.runOnce(at(decidedAt, 10));
    expect((await row(approved))!.purgedAt).toBeNull();
    expect(documentFiles(approved)).toHaveLength(1);
    expect((await row(refused))!.purgedAt).toBeNull();

    // Lifted, the next sweep takes it.
    await t.send('PUT', `/api/admin/visa-applications/${approved}/hold`, {
      cookie: accounts.admin,
      body: { reason: null },
    });
    await t.app.privacySweep.runOnce(at(decidedAt, 10, 60_000));
    expect((await row(approved))!.purgedAt).not.toBeNull();
    expect(documentFiles(approved)).toEqual([]);
    const kinds = (await t.db.select().from(visaEvents).where(eq(visaEvents.applicationId, approved))).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['hold', 'release', 'purged']));
    // The applicant never sees the hold or its reason.
    const theirs = (await t.get(`/api/visa-applications/${approved}`, { cookie: owner })).body;
    expect(theirs).not.toContain('embassy asked');

    await t.app.privacySweep.runOnce(at(decidedAt, 20));
    expect((await row(refused))!.purgedAt).not.toBeNull();
  });

  it('holds only decided applications, from staff only', async () => {
    const draft = (await t.send('POST', '/api/visa-applications', { cookie: owner })).json() as VisaApplication;
    const asDraft = await t.send('PUT', `/api/admin/visa-applications/${draft.id}/hold`, {
      cookie: accounts.admin,
      body: { reason: 'x' },
    });
    expect(asDraft.statusCode).toBe(404);
    await t.db
      .update(visaApplications)
      .set({ state: 'in-review', submittedAt: new Date() })
      .where(eq(visaApplications.id, draft.id));
    const open = await t.send('PUT', `/api/admin/visa-applications/${draft.id}/hold`, {
      cookie: accounts.admin,
      body: { reason: 'x' },
    });
    expect(open.statusCode).toBe(409);
    expect(errorOf(open).code).toBe('ACTION_NOT_ALLOWED');
    const byApplicant = await t.send('PUT', `/api/admin/visa-applications/${draft.id}/hold`, {
      cookie: owner,
      body: { reason: 'x' },
    });
    expect(byApplicant.statusCode).toBe(403);
    const bad = await t.send('PUT', '/api/admin/settings/retention', {
      cookie: accounts.admin,
      body: { approvedDays: 0, refusedDays: 20, withdrawnDays: 5 },
    });
    expect(bad.statusCode).toBe(400);
    await t.send('DELETE', `/api/visa-applications/${draft.id}`, { cookie: owner });
  });

  it('warns about a draft untouched for 166 days in its language, and deletes it 14 days later unless changed', async () => {
    const now = new Date();
    const make = async () => {
      const draft = (await t.send('POST', '/api/visa-applications', { cookie: owner })).json() as VisaApplication;
      await t.send('POST', `/api/visa-applications/${draft.id}/documents`, {
        cookie: owner,
        raw: multipart({ kind: 'passport' }, { name: 'passport.pdf', type: 'application/pdf', data: await makePdf() }),
      });
      await t.db
        .update(visaApplications)
        .set({ updatedAt: at(now, -167), language: 'mn' })
        .where(eq(visaApplications.id, draft.id));
      return draft;
    };
    const kept = await make();
    const forgotten = await make();

    const report = await t.app.privacySweep.runOnce(now);
    expect(report).toMatchObject({ warnedDrafts: 2, deletedDrafts: 0 });
    const warnings = await t.db.select().from(outbox).where(eq(outbox.subject, DRAFT_DELETION_SUBJECTS[1]));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]!.to).toBe('sweep-owner@example.com');
    expect(warnings.map((mail) => mail.text).join()).toContain(`/visa/${forgotten.id}`);
    // Told once.
    expect(await t.app.privacySweep.runOnce(at(now, 1))).toMatchObject({ warnedDrafts: 0 });

    // One is changed meanwhile.
    await t.db
      .update(visaApplications)
      .set({ updatedAt: at(now, 2) })
      .where(eq(visaApplications.id, kept.id));
    expect(await t.app.privacySweep.runOnce(at(now, 13))).toMatchObject({ deletedDrafts: 0 });
    expect(await t.app.privacySweep.runOnce(at(now, 14))).toMatchObject({ deletedDrafts: 1 });
    expect(await row(forgotten.id)).toBeUndefined();
    expect(documentFiles(forgotten.id)).toEqual([]);
    expect(await row(kept.id)).toBeDefined();
  });

  it("blanks sent emails' bodies after 30 days and drops access records after two years, never sooner", async () => {
    const now = new Date();
    const sent = async (days: number) =>
      (
        await t.db
          .insert(outbox)
          .values({
            to: 'x@example.com',
            subject: 'S',
            text: 'About Bat',
            html: '<p>About Bat</p>',
            sentAt: at(now, -days),
          })
          .returning()
      )[0]!.id;
    const old = await sent(31);
    const recent = await sent(29);
    const record = (days: number) =>
      t.db
        .insert(accessRecords)
        .values({ kind: 'staff-pdf', actorName: 'Staff', actorEmail: 's@example.com', createdAt: at(now, -days) })
        .returning();
    const [oldRecord] = await record(731);
    const [youngRecord] = await record(729);

    await t.app.privacySweep.runOnce(now);
    const [blanked] = await t.db.select().from(outbox).where(eq(outbox.id, old));
    expect(blanked).toMatchObject({ text: '', html: null, subject: 'S' });
    expect((await t.db.select().from(outbox).where(eq(outbox.id, recent)))[0]!.text).toBe('About Bat');
    const left = (await t.db.select().from(accessRecords)).map((r) => r.id);
    expect(left).not.toContain(oldRecord!.id);
    expect(left).toContain(youngRecord!.id);
    // Through the product, they are never changed nor deleted sooner.
    await expect(t.db.update(accessRecords).set({ actorName: 'Someone else' })).rejects.toThrow();
    await expect(t.db.delete(accessRecords).where(eq(accessRecords.id, youngRecord!.id))).rejects.toThrow();
  });

  it('removes stored files no row points at once a day old, and says so in the log', async () => {
    const uploads = path.join(t.config.DATA_DIR, 'uploads');
    const place = (key: string, ageDays: number) => {
      const file = path.join(uploads, key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'x');
      const time = at(new Date(), -ageDays);
      utimesSync(file, time, time);
      return key;
    };
    const oldOrphan = place(`visa/${randomUUID()}/${randomUUID()}.pdf`, 2);
    const newOrphan = place(`visa/${randomUUID()}/${randomUUID()}.pdf`, 0);
    const oldJobFile = place(`jobs/${randomUUID()}/${randomUUID()}.pdf`, 3);
    const id = await decided('approved', new Date());
    const [pointed] = await t.db.select().from(visaDocuments).where(eq(visaDocuments.applicationId, id));
    const pointedFile = path.join(uploads, pointed!.fileKey);
    utimesSync(pointedFile, at(new Date(), -5), at(new Date(), -5));

    const report = await t.app.privacySweep.runOnce();
    expect(report!.removedOrphans.sort()).toEqual([oldOrphan, oldJobFile].sort());
    expect(existsSync(path.join(uploads, oldOrphan))).toBe(false);
    expect(existsSync(path.join(uploads, newOrphan))).toBe(true);
    expect(existsSync(pointedFile)).toBe(true);
    // The log names what went (keys only: they carry no personal value).
    const said = logLines
      .map((line) => JSON.parse(line) as { msg?: string; files?: string[] })
      .find((line) => line.msg === 'removed stored files no record points at');
    expect(said?.files?.sort()).toEqual([oldOrphan, oldJobFile].sort());
  });

  it('runs in one process at a time', async () => {
    const [first, second] = await Promise.all([t.app.privacySweep.runOnce(), t.app.privacySweep.runOnce()]);
    expect([first, second].filter((report) => report === null)).toHaveLength(1);
  });
});

describe('the orphan sweep on S3', () => {
  const { t, s3 } = useTestAppOnS3('sweep');

  it('lists the bucket and removes only what no row points at, a day old', async () => {
    const old = `visa/${randomUUID()}/${randomUUID()}.pdf`;
    const fresh = `visa/${randomUUID()}/${randomUUID()}.pdf`;
    await t.app.uploads.put(old, Buffer.from('x'));
    await t.app.uploads.put(fresh, Buffer.from('y'));
    s3.modified.get('sweep')!.set(old, new Date(Date.now() - 2 * DAY));
    const report = await t.app.privacySweep.runOnce();
    expect(report!.removedOrphans).toEqual([old]);
    expect([...s3.buckets.get('sweep')!.keys()]).toEqual([fresh]);
  });
});
