import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/contact.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { storageRemovals } from '../../db/schema/privacy.ts';
import { visaApplications, visaDocuments } from '../../db/schema/visa.ts';
import { issueContactFormToken } from '../contact/index.ts';
import { Notifier } from '../notifications/index.ts';
import { minimalCv } from '../../../test/cv.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import {
  addVisaDependant,
  completeVisaForm,
  saveVisaDraft,
  uploadVisaDocument,
  visaDependant,
} from '../../../test/visa.ts';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';
// What names the person: none of it may be left anywhere once the account is deleted.
const NAME = 'Oyunchimeg Tserendorj';
const PASSPORT = 'E9182736';
const CHILD_PASSPORT = 'E5647382';
const MESSAGE = 'Can my daughter travel on my passport to Seoul?';

/** Every row of every table of the database, as text, that holds `needle` (case-insensitive). */
async function rowsNaming(t: TestApp, needle: string): Promise<string[]> {
  const tables = await t.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await t.db.execute<{ row: string }>(
      sql.raw(`select t::text as row from "${name}" t where position(lower($$${needle}$$) in lower(t::text)) > 0`),
    );
    found.push(...rows.rows.map((row) => `${name}: ${row.row.slice(0, 200)}`));
  }
  return found;
}

/**
 * An account with all a person can leave here: two visa applications (one sent) with a dependant
 * and documents of both, a CV, a message before signing up and one after with a staff reply, and
 * the staff notifications naming them.
 */
async function fillAccount(t: TestApp, email: string) {
  const sendMessage = async (cookie?: string) => {
    const response = await t.send('POST', '/api/contact', {
      body: {
        title: 'About: a visa for Korea',
        type: 'visa',
        name: NAME,
        email,
        contact: '+976 8811 2233',
        message: MESSAGE,
        formToken: issueContactFormToken(SECRET, Date.now() - 20_000),
      },
      ...(cookie ? { cookie } : {}),
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { reference: string }).reference;
  };
  // Sent signed out, before the account existed.
  const before = await sendMessage();
  const cookie = await t.signUp(email, undefined, NAME, { verify: true });
  const [{ id: userId } = { id: '' }] = (
    await t.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)
  ).rows;
  const after = await sendMessage(cookie);
  const admin = await t.signUp(ADMIN_EMAIL).catch(() => t.signIn(ADMIN_EMAIL));
  const [message] = await t.db.select().from(contactMessages).where(eq(contactMessages.reference, after));
  const reply = await t.send('POST', `/api/admin/contact-messages/${message!.id}/reply`, {
    cookie: admin,
    body: { body: `Dear ${NAME}, yes she can travel with you.` },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  await t.app.deliveries.drain();

  const cv = await t.send('PUT', '/api/cv', { cookie, body: minimalCv({ fullName: NAME, email }) });
  expect([200, 201], cv.body).toContain(cv.statusCode);

  const photo = {
    name: 'photo.png',
    type: 'image/png',
    data: await sharp({ create: { width: 30, height: 40, channels: 3, background: '#8ac' } })
      .png()
      .toBuffer(),
  };
  const applications: string[] = [];
  for (const _ of [1, 2]) {
    const draft = await saveVisaDraft(
      t,
      cookie,
      completeVisaForm({
        firstName: NAME.split(' ')[0],
        lastName: NAME.split(' ')[1],
        email,
        passportNumber: PASSPORT,
        medicalConditions: 'Asthma',
      }),
    );
    const child = await addVisaDependant(t, cookie, draft.id, visaDependant({ passportNumber: CHILD_PASSPORT }));
    await uploadVisaDocument(t, cookie, draft.id, { kind: 'passport' });
    await uploadVisaDocument(t, cookie, draft.id, { kind: 'photo', dependantId: child.id }, photo);
    applications.push(draft.id);
  }
  // The second one was sent, and staff were told by name.
  await t.db
    .update(visaApplications)
    .set({ state: 'submitted', reference: 'V-2026-09999', submittedAt: new Date() })
    .where(eq(visaApplications.id, applications[1]!));
  await t.db.transaction((tx) =>
    new Notifier({ publicUrl: t.config.PUBLIC_URL }).notify(tx, {
      type: 'staffVisaSubmitted',
      params: { reference: 'V-2026-09999', name: NAME },
      link: `/admin/visa/${applications[1]}`,
      actorId: userId,
    }),
  );
  await t.app.deliveries.drain();
  return { cookie, userId, applications, references: [before, after] };
}

describe.each(['local disk', 'S3'] as const)('deleting an account, files on %s', (store) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  const bucket = 'erasure';

  /** The visa files kept, in whichever store. */
  const storedVisaFiles = (): string[] => {
    if (s3) return [...(s3.buckets.get(bucket)?.keys() ?? [])].filter((key) => key.startsWith('visa/'));
    const root = path.join(t.config.DATA_DIR, 'uploads', 'visa');
    if (!existsSync(root)) return [];
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  };

  beforeAll(async () => {
    if (store === 'S3') s3 = await startTestS3Server();
    t = await createTestApp(s3 ? { STORAGE_URL: s3.storageUrl(bucket) } : {});
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('leaves no row naming the person and no file of theirs', async () => {
    const email = `oyunaa-${store === 'S3' ? 's3' : 'disk'}@example.com`;
    const { cookie, userId, references } = await fillAccount(t, email);
    expect(storedVisaFiles()).toHaveLength(4);
    for (const needle of [email, NAME, PASSPORT, CHILD_PASSPORT, MESSAGE, userId])
      expect(await rowsNaming(t, needle), needle).not.toEqual([]);

    const deleted = await t.send('DELETE', '/api/account', { cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.app.deliveries.drain();

    expect(storedVisaFiles()).toEqual([]);
    expect(await t.db.select().from(storageRemovals)).toEqual([]);
    for (const needle of [email, NAME, PASSPORT, CHILD_PASSPORT, MESSAGE, userId, ...references])
      expect(await rowsNaming(t, needle), needle).toEqual([]);
    // The staff feed keeps the event, without the name.
    const [kept] = await t.db.select().from(notifications).where(eq(notifications.type, 'staffVisaSubmitted'));
    expect(kept!.params).toEqual({ reference: 'V-2026-09999' });
    const feed = await t.get('/api/admin/notifications', { cookie: await t.signIn(ADMIN_EMAIL) });
    expect(feed.body).not.toContain(NAME);
  });

  if (store === 'S3')
    it('removes the files the store refused while it was down once it is back', async () => {
      const email = 'oyunaa-down@example.com';
      const { cookie } = await fillAccount(t, email);
      const files = storedVisaFiles();
      expect(files.length).toBeGreaterThanOrEqual(4);
      s3!.down(true);
      try {
        const deleted = await t.send('DELETE', '/api/account', { cookie });
        expect(deleted.statusCode, deleted.body).toBe(200);
        // The account is gone; its files wait on the durable list.
        expect(await t.db.execute(sql`select 1 from users where email = ${email}`)).toMatchObject({ rows: [] });
        // (The bucket's keys are the storage keys: these tests give STORAGE_URL no prefix.)
        expect((await t.db.select().from(storageRemovals)).map((row) => row.key).sort()).toEqual(files.sort());
        // A sweep while the store is still down removes nothing and forgets nothing.
        await t.app.privacySweep.runOnce(new Date(Date.now() + 10 * 60_000)).catch(() => null);
        expect(await t.db.select().from(storageRemovals)).toHaveLength(files.length);
      } finally {
        s3!.down(false);
      }
      // The next tries, once their time comes, remove every file.
      await t.app.privacySweep.runOnce(new Date(Date.now() + 24 * 60 * 60_000));
      expect(storedVisaFiles()).toEqual([]);
      expect(await t.db.select().from(storageRemovals)).toEqual([]);
    });
});

describe('the stored files of a deleted account', () => {
  it('are listed in visa_documents until the deletion, then in nothing', async () => {
    const t = await createTestApp();
    try {
      const { cookie, applications } = await fillAccount(t, 'listed@example.com');
      const keys = await t.db.select({ key: visaDocuments.fileKey }).from(visaDocuments);
      expect(keys.map((row) => row.key.split('/')[1])).toEqual(expect.arrayContaining(applications));
      await t.send('DELETE', '/api/account', { cookie });
      expect(await t.db.select().from(visaDocuments)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
