import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { VisaApplication, VisaDependant } from '@aylal/shared/schemas/visa';
import {
  accessRecords,
  consultationEvents,
  consultations,
  contactMessages,
  passkeys,
  sessions,
  users,
  payments,
  visaPayments,
} from '../../db/schema/index.ts';
import { ADMIN_EMAIL, ORIGIN, createTestApp, errorOf, type TestApp } from '../../../test/helpers.ts';
import { minimalCv } from '../../../test/cv.ts';
import { makePdf } from '../../../test/pdfs.ts';
import { useTestAppOnS3 } from '../../../test/s3-app.ts';
import { unzip } from '../../../test/zip.ts';
import { saveVisaDraft, type UploadFile, uploadVisaDocument, visaDependant, visaConsent } from '../../../test/visa.ts';
import { issueContactFormToken } from '../contact/index.ts';
import { zipPathPart } from './export.ts';
import { visaConsentWording } from '../privacy/index.ts';
import { VISA_CONSENT_VERSION } from '@aylal/shared/consent';

/** The secret of every test app (test/helpers.ts), which signs the contact form's token. */
const SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** What a person can hold here: visa applications with documents, messages, a CV, a booking. */
function accountFiller(t: TestApp, admin: () => string) {
  let address = 0;
  const sendContact = async (email: string, title: string, message: string, cookie?: string) => {
    const response = await t.send('POST', '/api/contact', {
      body: {
        title,
        type: 'visa',
        name: 'Nara Export',
        email,
        contact: '+976 9900 1122',
        message,
        formToken: issueContactFormToken(SECRET, Date.now() - 20_000),
      },
      ...(cookie ? { cookie } : {}),
      remoteAddress: `10.9.0.${(address += 1)}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { reference: string }).reference;
  };
  const createVisa = async (cookie: string) => (await saveVisaDraft(t, cookie)).id;
  const upload = (cookie: string, id: string, fields: Record<string, string>, file: UploadFile) =>
    uploadVisaDocument(t, cookie, id, fields, file);
  /** The stored bytes of a document, as its own route serves them. */
  const stored = async (cookie: string, id: string, documentId: string) => {
    const response = await t.get(`/api/visa-applications/${id}/documents/${documentId}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  };
  const png = () =>
    sharp({ create: { width: 30, height: 40, channels: 3, background: '#8ac' } })
      .png()
      .toBuffer();

  return { sendContact, createVisa, upload, stored, png, admin };
}

describe('GET /api/account/export and export.zip: everything held about the person', () => {
  let t: TestApp;
  let admin: string;
  let fill: ReturnType<typeof accountFiller>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signUp(ADMIN_EMAIL, undefined, 'Agency Admin');
    fill = accountFiller(t, () => admin);
  });
  afterAll(() => t?.close());

  it('lists every kind of data of the caller (and nobody else), and the ZIP carries every document byte for byte', async () => {
    // Written signed out before the account existed, to the same Gmail mailbox spelt otherwise.
    const before = await fill.sendContact(
      'Nara.Export+visa@gmail.com',
      'Before I signed up',
      'Do you do Korean visas?',
    );
    const me = await t.signUp('naraexport@gmail.com', undefined, 'Nara Export', { verify: true });
    const [meRow] = await t.db.select().from(users).where(eq(users.email, 'naraexport@gmail.com'));
    const meId = meRow!.id;
    const other = await t.signUp('bystander@example.com', undefined, 'Someone Else', { verify: true });
    const otherVisa = await fill.createVisa(other);
    // A payment each: only theirs is exported.
    const [otherId] = (
      await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'bystander@example.com'))
    ).map((row) => row.id);
    await t.db.insert(payments).values([
      {
        purpose: 'visa-processing',
        userId: meId,
        method: 'qpay',
        state: 'pending',
        amount: 16_905_000,
        currency: 'MNT',
        providerRef: 'INV-SECRET',
      },
      { purpose: 'visa-processing', userId: otherId!, method: 'card', amount: 4_900, currency: 'USD' },
    ]);
    await fill.upload(
      other,
      otherVisa,
      { kind: 'passport' },
      { name: 'theirs.pdf', type: 'application/pdf', data: await makePdf() },
    );
    await fill.sendContact('bystander@example.com', 'Not yours to read', 'Someone else writes', other);
    // Signed out with an address of nobody's account: not theirs.
    await fill.sendContact('stranger@example.com', 'A stranger writes', 'Hello there');

    // Signed in, then answered by staff (with a note staff keep to themselves).
    const signedIn = await fill.sendContact('naraexport@gmail.com', 'After I signed up', 'When is my appointment?', me);
    const [message] = await t.db.select().from(contactMessages).where(eq(contactMessages.reference, signedIn));
    const note = await t.send('POST', `/api/admin/contact-messages/${message!.id}/notes`, {
      cookie: admin,
      body: { note: 'Internal: contact note' },
    });
    expect(note.statusCode, note.body).toBe(200);
    const reply = await t.send('POST', `/api/admin/contact-messages/${message!.id}/reply`, {
      cookie: admin,
      body: { body: 'Your appointment is on Monday.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);

    // Two visa applications: one submitted with a dependant and their photo, one a draft with a passport.
    const submitted = await fill.createVisa(me);
    const added = await t.send('POST', `/api/visa-applications/${submitted}/dependants`, {
      cookie: me,
      body: visaDependant(),
    });
    expect(added.statusCode, added.body).toBe(201);
    const dependant = added.json() as VisaDependant;
    const photo = await fill.upload(
      me,
      submitted,
      { kind: 'photo', dependantId: dependant.id },
      { name: 'saraa.png', type: 'image/png', data: await fill.png() },
    );
    const submit = await t.send('POST', `/api/visa-applications/${submitted}/submit`, {
      cookie: me,
      body: visaConsent('mn'),
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const reference = (submit.json() as VisaApplication).reference!;
    const staffNote = await t.send('POST', `/api/admin/visa-applications/${submitted}/notes`, {
      cookie: admin,
      body: { note: 'Called the embassy about her photo' },
    });
    expect(staffNote.statusCode, staffNote.body).toBe(200);
    await t.db.insert(visaPayments).values({ applicationId: submitted, state: 'paid', amountUsd: 40 });
    const draft = await fill.createVisa(me);
    const passport = await fill.upload(
      me,
      draft,
      { kind: 'passport' },
      { name: 'my passport.pdf', type: 'application/pdf', data: await makePdf() },
    );

    expect((await t.send('PUT', '/api/cv', { cookie: me, body: minimalCv() })).statusCode).toBeLessThan(300);
    const [booking] = await t.db
      .insert(consultations)
      .values({
        userId: meId,
        tripTitleEn: 'Gobi',
        videoUrl: 'https://meet.example.com/gobi',
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 86_400_000 + 1_800_000),
      })
      .returning();
    await t.db.insert(consultationEvents).values({ consultationId: booking!.id, kind: 'booked', note: 'Gobi in June' });
    await t.db.insert(passkeys).values({
      id: 'passkey-1',
      name: 'Work laptop',
      publicKey: 'secret-public-key',
      userId: meId,
      credentialID: 'secret-credential',
      counter: 0,
      deviceType: 'multiDevice',
      backedUp: true,
    });
    const otherVisaId = otherVisa;
    await t.db.insert(accessRecords).values([
      {
        kind: 'document-open',
        actorName: 'Agency Admin',
        actorEmail: 'secret-actor@example.com',
        applicationId: submitted,
        detail: { documentId: photo.id, kind: 'photo' },
        ip: '203.0.113.99',
      },
      {
        kind: 'visa-csv',
        actorName: 'Agency Admin',
        actorEmail: 'secret-actor@example.com',
        applicationIds: [otherVisaId, submitted],
        detail: { count: 2 },
      },
      {
        kind: 'staff-pdf',
        actorName: 'Agency Admin',
        actorEmail: 'secret-actor@example.com',
        applicationId: otherVisaId,
      },
    ]);

    const response = await t.get('/api/account/export', { cookie: me });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json();
    expect(Object.keys(data)).toEqual([
      'exportedAt',
      'account',
      'signInFactors',
      'sessions',
      'profile',
      'cv',
      'consultations',
      'jobApplications',
      'visaApplications',
      'payments',
      'contactMessages',
      'consents',
      'accessRecords',
      'notifications',
      'pushSubscriptions',
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({ method: 'qpay', state: 'pending', amount: 16_905_000, currency: 'MNT', paidAt: null }),
    ]);
    expect(JSON.stringify(data.payments)).not.toContain('INV-SECRET');
    expect(data.account).toMatchObject({
      email: 'naraexport@gmail.com',
      emailVerified: true,
      signInMethods: ['credential'],
    });
    expect(data.signInFactors).toEqual({
      authenticatorApp: { enabled: false, setUpAt: null },
      passkeys: [{ name: 'Work laptop', deviceType: 'multiDevice', backedUp: true, createdAt: expect.any(String) }],
    });
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0])).toEqual(['createdAt', 'expiresAt', 'ipAddress', 'userAgent']);
    expect(data.cv).toMatchObject({ fullName: minimalCv().fullName });
    expect(data.consultations).toMatchObject([
      {
        tripTitleEn: 'Gobi',
        state: 'pending',
        place: '',
        videoUrl: 'https://meet.example.com/gobi',
        events: [{ kind: 'booked', note: 'Gobi in June' }],
      },
    ]);

    expect(data.visaApplications).toHaveLength(2);
    const [first, second] = data.visaApplications;
    expect(first).toMatchObject({
      id: submitted,
      reference,
      state: 'submitted',
      country: 'KR',
      language: 'en',
      form: { passportNumber: 'E1234567', firstName: 'Bat', purpose: 'tourism' },
      submittedAt: expect.any(String),
      decidedAt: null,
      purgedAt: null,
      dependants: [{ id: dependant.id, firstName: 'Saraa', lastName: 'Dorj', passportNumber: 'E7654321' }],
      documents: [
        {
          id: photo.id,
          kind: 'photo',
          fileName: 'saraa.png',
          contentType: 'image/png',
          size: photo.size,
          dependantId: dependant.id,
          dependant: 'Saraa Dorj',
          downloadUrl: `${ORIGIN}/api/visa-applications/${submitted}/documents/${photo.id}`,
        },
      ],
      payment: { state: 'paid', amountUsd: 40, createdAt: expect.any(String), updatedAt: expect.any(String) },
    });
    expect(first.events.map((event: { kind: string }) => event.kind)).toEqual(['created', 'submitted', 'note']);
    expect(first.events[2]).toMatchObject({ kind: 'note', message: 'Called the embassy about her photo' });
    expect(second).toMatchObject({
      id: draft,
      reference: null,
      state: 'draft',
      submittedAt: null,
      dependants: [],
      documents: [{ id: passport.id, kind: 'passport', fileName: 'my passport.pdf', dependant: null }],
      payment: null,
    });
    // The link is the owner's own document route.
    const link = new URL(second.documents[0].downloadUrl);
    expect(link.origin).toBe(ORIGIN);
    expect((await t.get(link.pathname, { cookie: me })).statusCode).toBe(200);

    expect(data.contactMessages).toEqual([
      {
        reference: before,
        type: 'visa',
        state: 'new',
        title: 'Before I signed up',
        name: 'Nara Export',
        email: 'Nara.Export+visa@gmail.com',
        contact: '+976 9900 1122',
        language: 'en',
        createdAt: expect.any(String),
        events: [{ kind: 'received', body: 'Do you do Korean visas?', createdAt: expect.any(String) }],
      },
      expect.objectContaining({
        reference: signedIn,
        title: 'After I signed up',
        events: [
          { kind: 'received', body: 'When is my appointment?', createdAt: expect.any(String) },
          { kind: 'reply', body: 'Your appointment is on Monday.', createdAt: expect.any(String) },
        ],
      }),
    ]);
    expect(data.consents).toEqual([
      {
        kind: 'visa-sensitive-data',
        version: VISA_CONSENT_VERSION,
        language: 'mn',
        wording: visaConsentWording('mn'),
        applicationId: submitted,
        createdAt: expect.any(String),
      },
    ]);
    const byKind = (a: { kind: string }, b: { kind: string }) => a.kind.localeCompare(b.kind);
    expect([...data.accessRecords].sort(byKind)).toEqual([
      {
        kind: 'document-open',
        actorName: 'Agency Admin',
        detail: { documentId: photo.id, kind: 'photo' },
        createdAt: expect.any(String),
        applications: [{ id: submitted, reference }],
      },
      {
        kind: 'visa-csv',
        actorName: 'Agency Admin',
        detail: { count: 2 },
        createdAt: expect.any(String),
        applications: [{ id: submitted, reference }],
      },
    ]);
    expect(data.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'contactReplied', params: { reference: signedIn } })]),
    );

    // No secret, and nobody else's data.
    const tokens = await t.db.select({ token: sessions.token }).from(sessions);
    for (const { token } of tokens) expect(response.body).not.toContain(token);
    expect(response.body).not.toContain('secret-');
    expect(response.body).not.toContain('203.0.113.99');
    expect(response.body).not.toContain('Internal: contact note');
    expect(response.body).not.toContain('bystander@example.com');
    expect(response.body).not.toContain('Not yours to read');
    expect(response.body).not.toContain('A stranger writes');
    expect(response.body).not.toContain(otherVisaId);
    expect(response.body).not.toContain('file_key');
    expect(response.body).not.toContain('fileKey');

    // The ZIP: the same JSON and every document's stored bytes.
    const zip = await t.get('/api/account/export.zip', { cookie: me });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['cache-control']).toBe('private, no-store');
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="aylal-my-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = await unzip(zip.rawPayload);
    const draftFolder = `draft-${draft.slice(0, 8)}`;
    expect([...files.keys()]).toEqual([
      'my-data.json',
      `visa/${reference}/Saraa Dorj/photo-saraa.png`,
      `visa/${draftFolder}/passport-my passport.pdf`,
    ]);
    const zipped = JSON.parse(files.get('my-data.json')!.toString('utf8'));
    expect({ ...zipped, exportedAt: data.exportedAt }).toEqual(data);
    expect(
      files.get(`visa/${reference}/Saraa Dorj/photo-saraa.png`)!.equals(await fill.stored(me, submitted, photo.id)),
    ).toBe(true);
    expect(
      files.get(`visa/${draftFolder}/passport-my passport.pdf`)!.equals(await fill.stored(me, draft, passport.id)),
    ).toBe(true);

    // The other person's export is theirs alone.
    const theirs = (await t.get('/api/account/export', { cookie: other })).json();
    expect(theirs.visaApplications.map((visa: { id: string }) => visa.id)).toEqual([otherVisaId]);
    expect(theirs.contactMessages.map((item: { title: string }) => item.title)).toEqual(['Not yours to read']);
    expect(theirs.accessRecords.map((record: { kind: string }) => record.kind).sort()).toEqual([
      'staff-pdf',
      'visa-csv',
    ]);
    expect(JSON.stringify(theirs)).not.toContain(submitted);
    const theirZip = await unzip((await t.get('/api/account/export.zip', { cookie: other })).rawPayload);
    expect([...theirZip.keys()]).toEqual(['my-data.json', `visa/draft-${otherVisaId.slice(0, 8)}/passport-theirs.pdf`]);
  });

  it('leaves out messages sent from the address before it is verified', async () => {
    await fill.sendContact('unproven@example.com', 'Sent before sign-up', 'Hello');
    const cookie = await t.signUp('unproven@example.com', undefined, 'Unproven', { verify: false });
    const data = (await t.get('/api/account/export', { cookie })).json();
    expect(data.account.emailVerified).toBe(false);
    expect(data.contactMessages).toEqual([]);
    expect(data.visaApplications).toEqual([]);
    await t.verifyEmail('unproven@example.com');
    const verified = (await t.get('/api/account/export', { cookie })).json();
    expect(verified.contactMessages.map((item: { title: string }) => item.title)).toEqual(['Sent before sign-up']);
  });

  it('asks for a fresh sign-in before the ZIP, as for the documents themselves', async () => {
    const cookie = await t.signUp('stale@example.com');
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'stale@example.com'));
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(inArray(sessions.userId, [user!.id]));
    const zip = await t.get('/api/account/export.zip', { cookie });
    expect(zip.statusCode).toBe(403);
    expect(errorOf(zip).code).toBe('FRESH_SIGN_IN_REQUIRED');
    expect((await t.get('/api/account/export', { cookie })).statusCode).toBe(200);
  });

  it('refuses signed-out visitors', async () => {
    for (const url of ['/api/account/export', '/api/account/export.zip']) {
      const response = await t.get(url);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
  });

  it('names paths in the ZIP safely', () => {
    expect(zipPathPart('../../etc/passwd')).toBe('._._etc_passwd');
    expect(zipPathPart('a\\b:c\u0000d')).toBe('a_b_c_d');
    expect(zipPathPart('..')).toBe('_');
    expect(zipPathPart('   ')).toBe('_');
  });
});

describe('the ZIP export on S3 storage', () => {
  const { t, s3 } = useTestAppOnS3('export-bucket');

  it('streams the files from the bucket, and names a file gone from it in README.txt', async () => {
    const fill = accountFiller(t, () => '');
    const me = await t.signUp('s3-export@example.com');
    const id = await fill.createVisa(me);
    const passport = await fill.upload(
      me,
      id,
      { kind: 'passport' },
      { name: 'passport.pdf', type: 'application/pdf', data: await makePdf(3) },
    );
    const photo = await fill.upload(
      me,
      id,
      { kind: 'photo' },
      { name: 'me.png', type: 'image/png', data: await fill.png() },
    );
    const passportBytes = await fill.stored(me, id, passport.id);

    const zip = await t.get('/api/account/export.zip', { cookie: me });
    expect(zip.statusCode, zip.body).toBe(200);
    const folder = `visa/draft-${id.slice(0, 8)}`;
    const files = await unzip(zip.rawPayload);
    expect([...files.keys()]).toEqual(['my-data.json', `${folder}/passport-passport.pdf`, `${folder}/photo-me.png`]);
    expect(files.get(`${folder}/passport-passport.pdf`)!.equals(passportBytes)).toBe(true);
    expect(files.get(`${folder}/photo-me.png`)!.equals(await fill.stored(me, id, photo.id))).toBe(true);

    // The photo's file goes from the bucket behind the app's back.
    const bucket = s3.buckets.get('export-bucket')!;
    const photoKey = [...bucket.keys()].find((key) => key.startsWith(`visa/${id}/`) && key.endsWith('.png'))!;
    bucket.delete(photoKey);
    const without = await unzip((await t.get('/api/account/export.zip', { cookie: me })).rawPayload);
    expect([...without.keys()]).toEqual(['my-data.json', `${folder}/passport-passport.pdf`, 'README.txt']);
    expect(without.get('README.txt')!.toString('utf8')).toContain(`- ${folder}/photo-me.png`);
    expect(without.get(`${folder}/passport-passport.pdf`)!.equals(passportBytes)).toBe(true);
    // The JSON still lists it.
    const data = JSON.parse(without.get('my-data.json')!.toString('utf8'));
    expect(data.visaApplications[0].documents.map((document: { kind: string }) => document.kind)).toEqual([
      'passport',
      'photo',
    ]);
  });
});
