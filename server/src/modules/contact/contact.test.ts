import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import type {
  AdminContactDetail,
  AdminContactListResponse,
  ContactMineResponse,
  ContactRequest,
} from '@aylal/shared/schemas/contact';
import { CONTACT_LIMIT_PER_ADDRESS, CONTACT_LIMIT_PER_EMAIL } from '@aylal/shared/contact-rules';
import errorEn from '@aylal/locales/en/error.json' with { type: 'json' };
import errorMn from '@aylal/locales/mn/error.json' with { type: 'json' };
import { contactEvents, contactMessages } from '../../db/schema/contact.ts';
import { outbox } from '../../db/schema/mail.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { ADMIN_EMAIL, ORIGIN, createTestApp, errorOf, type TestApp } from '../../../test/helpers.ts';
import { SmtpSink, type SunkMessage } from '../../../test/smtp-sink.ts';
import { users } from '../../db/schema/auth.ts';
import { issueContactFormToken } from './form-token.ts';

/**
 * Contact messages and the staff inbox (issue 14; docs/decisions/017): the form's rules, bots and
 * limits, the confirmation and replies as one thread over real SMTP, the inbox's list, states,
 * assignment, notes, merging, and who may read what.
 */

const STAFF = '/api/admin/contact-messages';
const isUuidLike = (value: string) => /^[0-9a-f-]{36}$/.test(value);
let sequence = 0;

/** The secret of every test app (test/helpers.ts): the form's token is signed with a key derived from it. */
const SECRET = 'test-secret-that-is-at-least-32-characters-long';

/**
 * A form as a person sends it: opened 20 s ago (the token the server gave then), the hidden field
 * empty; each from its own address.
 */
function form(overrides: Partial<ContactRequest> = {}): ContactRequest {
  return {
    title: 'About: Gobi Highlights',
    type: 'trips',
    name: 'Bat Erdene',
    email: `person${(sequence += 1)}@example.com`,
    contact: '+976 9911 2233',
    message: 'Is there space for two people in June?',
    formToken: issueContactFormToken(SECRET, Date.now() - 20_000),
    ...overrides,
  };
}

describe('contact messages', () => {
  const sink = new SmtpSink();
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let person: string;
  let personId: string;
  let other: string;
  let address = 0;
  const nextAddress = () => `10.1.${Math.floor((address += 1) / 250)}.${address % 250}`;

  const post = (body: unknown, options: { cookie?: string; headers?: Record<string, string>; ip?: string } = {}) =>
    t.send('POST', '/api/contact', {
      body,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      remoteAddress: options.ip ?? nextAddress(),
    });

  const sendOk = async (body: ContactRequest, options: Parameters<typeof post>[1] = {}) => {
    const response = await post(body, options);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { reference: string }).reference;
  };

  const idOf = async (reference: string) =>
    (
      await t.db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.reference, reference))
    )[0]!.id;

  const list = async (query = '') => {
    const response = await t.get(`${STAFF}${query}`, { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminContactListResponse;
  };

  /** Staff open a conversation as the web does: its page reads it, then marks it read. */
  const open = async (id: string) => {
    const response = await t.get(`${STAFF}/${id}`, { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const read = await t.send('POST', `${STAFF}/${id}/read`, { cookie: admin });
    expect(read.statusCode, read.body).toBe(200);
    return read.json() as AdminContactDetail;
  };

  const act = async (id: string, action: string, body: unknown, cookie = admin) =>
    t.send('POST', `${STAFF}/${id}/${action}`, { cookie, body });

  const mailsTo = (email: string) => sink.messages.filter((message) => message.to.includes(email));
  const header = (message: SunkMessage, name: string) => {
    const head = message.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  };
  const decodedSubject = (message: SunkMessage) =>
    message.subject.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeURIComponent(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, '%$1')),
    );

  beforeAll(async () => {
    await sink.start();
    t = await createTestApp({ SMTP_URL: sink.url }, { realMail: true, delivery: { pollMs: 200, retryBaseMs: 150 } });
    admin = await t.signUp(ADMIN_EMAIL, undefined, 'Agency Admin');
    person = await t.signUp('saraa@example.com', undefined, 'Сараа Болд');
    other = await t.signUp('other@example.com', undefined, 'Other Person');
    const ids = await t.db.execute<{ id: string; email: string }>(sql`select id, email from users`);
    adminId = ids.rows.find((row) => row.email === ADMIN_EMAIL)!.id;
    personId = ids.rows.find((row) => row.email === 'saraa@example.com')!.id;
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('refuses a form with a missing or wrong field with a translated 400 and stores nothing', async () => {
    const before = await t.db.$count(contactMessages);
    for (const body of [
      form({ title: '  ' }),
      form({ email: 'not-an-email' }),
      form({ message: '' }),
      { ...form(), type: 'holidays' },
      { ...form(), formToken: 42 },
    ]) {
      const response = await post(body, { headers: { 'accept-language': 'mn' } });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    expect(await t.db.$count(contactMessages)).toBe(before);
  });

  it('answers a reference and emails a confirmation in the person’s language that starts the thread', async () => {
    const body = form({ language: 'mn', name: 'Дорж Бат', title: 'Говийн аялал' });
    const reference = await sendOk(body);
    expect(reference).toMatch(/^C-\d{4}-\d{5}$/);
    const [confirmation] = await sink.waitFor(() => mailsTo(body.email).length === 1).then(() => mailsTo(body.email));
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.reference, reference));
    expect(row!.state).toBe('new');
    expect(row!.userId).toBeNull();
    expect(confirmation!.messageId).toBe(row!.threadId);
    const subject = decodedSubject(confirmation!);
    expect(subject).toContain(reference);
    expect(subject).toContain('зурвас');
    // No personal data in the subject: not the name, the title or the email.
    expect(subject).not.toContain('Дорж');
    expect(subject).not.toContain('Говийн');
    expect(subject).not.toContain(body.email);
    // The client's address is stored only as a hash.
    expect(row!.clientHash).not.toContain('10.1.');
  });

  it('confirms with the reference and a link only, never what the sender typed (no agency-branded relay)', async () => {
    const planted = 'https://evil.example/claim';
    const body = form({
      email: 'victim@example.com',
      name: `Bank notice: confirm at ${planted}`,
      title: `You won! Visit ${planted}`,
      contact: planted,
      message: `Your account is locked. Unlock it at ${planted} within 24 hours.`,
    });
    for (const language of ['en', 'mn'] as const) {
      const reference = await sendOk({ ...body, language });
      const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.reference, reference));
      const [queued] = await t.db.select().from(outbox).where(eq(outbox.messageId, row!.threadId));
      for (const part of [queued!.subject, queued!.text, queued!.html ?? '']) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('Bank notice');
        expect(part).not.toContain('locked');
        expect(part).not.toContain('You won');
      }
      expect(queued!.subject).toContain(reference);
      expect(queued!.text).toContain(reference);
      expect(queued!.text).toContain(`${ORIGIN}/contact`);
      expect(queued!.html).toContain(`href="${ORIGIN}/contact"`);
      // As it left over SMTP too.
      const [sent] = await sink
        .waitFor(() => mailsTo('victim@example.com').some((m) => decodedSubject(m).includes(reference)))
        .then(() => mailsTo('victim@example.com').filter((m) => decodedSubject(m).includes(reference)));
      expect(sent!.raw).not.toContain('evil.example');
    }
  });

  it('tells every admin of a new message by its sender and reference, never what they wrote', async () => {
    const reference = await sendOk(form({ name: 'Secret Name', title: 'Secret Title' }));
    const id = await idOf(reference);
    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/admin/contact-us/${id}`));
    expect(notification!.type).toBe('staffContactReceived');
    expect(notification!.params).toEqual({ reference, name: 'Secret Name' });
    const staffMails = await sink.waitFor(() => mailsTo(ADMIN_EMAIL).some((m) => m.raw.includes(reference)));
    for (const mail of staffMails.filter((m) => m.to.includes(ADMIN_EMAIL))) {
      expect(decodedSubject(mail)).not.toContain('Secret Name');
      expect(mail.raw).not.toContain('Secret Title');
    }
  });

  it('links a message sent signed in to the account, whatever name it gives (prefill not required)', async () => {
    const reference = await sendOk(form({ name: 'Someone Else', email: 'saraa@example.com' }), { cookie: person });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.reference, reference));
    expect(row!.userId).toBe(personId);
    const mine = (await t.get('/api/contact/mine', { cookie: person })).json() as ContactMineResponse;
    expect(mine.items.map((item) => item.reference)).toContain(reference);
    // Anonymous: 401; someone else's: 404.
    expect((await t.get('/api/contact/mine')).statusCode).toBe(401);
    const theirs = await t.get(`/api/contact/mine/${row!.id}`, { cookie: other });
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).code).toBe('CONTACT_NOT_FOUND');
    expect((await t.get(`/api/contact/mine/${row!.id}`, { cookie: person })).statusCode).toBe(200);
    expect((await t.get('/api/contact/mine/not-a-uuid', { cookie: person })).statusCode).toBe(404);
  });

  it('refuses what looks automated with its reason, translated, storing and sending nothing', async () => {
    const rowsBefore = await t.db.$count(contactMessages);
    const notificationsBefore = await t.db.$count(notifications);
    const outboxBefore = await t.db.$count(outbox);
    const now = Date.now();
    const { formToken: _, ...noToken } = form();
    const token = issueContactFormToken(SECRET, now - 20_000);
    const [head, at, nonce] = token.split('.');
    const cases: [unknown, string][] = [
      [form({ website: 'http://spam.example' }), 'CONTACT_HIDDEN_FIELD'],
      [noToken, 'CONTACT_FORM_INVALID'],
      // The report's script: its own "opened" and "sent" moments 20 s apart, and no token.
      [{ ...noToken, openedAt: now - 20_000, sentAt: now }, 'CONTACT_FORM_INVALID'],
      [form({ formToken: '' }), 'CONTACT_FORM_INVALID'],
      [form({ formToken: 'c1.garbage' }), 'CONTACT_FORM_INVALID'],
      // Signed with another secret, or an earlier moment put in a genuine token's place.
      [
        form({ formToken: issueContactFormToken('another-secret-that-is-32-characters-long', now - 20_000) }),
        'CONTACT_FORM_INVALID',
      ],
      [
        form({ formToken: `${head}.${(now - 60_000).toString(36)}.${nonce}.${token.split('.')[3]}` }),
        'CONTACT_FORM_INVALID',
      ],
      [form({ formToken: `${head}.${at}.${nonce}.${'A'.repeat(43)}` }), 'CONTACT_FORM_INVALID'],
      [form({ formToken: issueContactFormToken(SECRET, now - 1_000) }), 'CONTACT_SENT_TOO_FAST'],
      [form({ formToken: issueContactFormToken(SECRET, now + 60_000) }), 'CONTACT_SENT_TOO_FAST'],
      [form({ formToken: issueContactFormToken(SECRET, now - 7 * 60 * 60 * 1000) }), 'CONTACT_FORM_EXPIRED'],
    ];
    for (const [body, code] of cases) {
      for (const language of ['en', 'mn'] as const) {
        const response = await post(body, { headers: { 'accept-language': language } });
        expect(response.statusCode, response.body).toBe(400);
        expect(errorOf(response)).toEqual({
          code,
          message: (language === 'mn' ? errorMn : errorEn)[code as 'CONTACT_HIDDEN_FIELD'],
        });
      }
    }
    // Nothing stored (not even as spam), no email, no notification.
    expect(await t.db.$count(contactMessages)).toBe(rowsBefore);
    expect(await t.db.$count(notifications)).toBe(notificationsBefore);
    expect(await t.db.$count(outbox)).toBe(outboxBefore);
  });

  it('issues the form’s token from the server: too fresh at once, good 3 s later, never stored by a cache', async () => {
    const issued = await t.get('/api/contact/form-token');
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['cache-control']).toBe('private, no-store');
    const { token } = issued.json() as { token: string };
    const ip = nextAddress();
    const early = await post(form({ formToken: token }), { ip });
    expect(errorOf(early).code).toBe('CONTACT_SENT_TOO_FAST');
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    await sendOk(form({ formToken: token }), { ip });
  });

  it('never sets aside a signed-in, verified person’s message; an unverified one is refused like anyone', async () => {
    const verifiedCookie = await t.signUp('verified@example.com', undefined, 'Verified Person');
    const unverifiedCookie = await t.signUp('unverified@example.com', undefined, 'Unverified Person');
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, 'verified@example.com'));
    // Autofill put something in the hidden field, and the page had just opened (or the token was lost).
    const tripped = form({ email: 'verified@example.com', website: 'https://autofill.example', formToken: undefined });
    const refused = await post({ ...tripped, email: 'unverified@example.com' }, { cookie: unverifiedCookie });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('CONTACT_HIDDEN_FIELD');
    const reference = await sendOk(tripped, { cookie: verifiedCookie });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.reference, reference));
    expect(row!.state).toBe('new');
    await sink.waitFor(() => mailsTo('verified@example.com').some((m) => decodedSubject(m).includes(reference)));
  });

  it('limits messages per address and per email within the hour (429, translated)', async () => {
    const ip = '10.9.9.9';
    for (let n = 0; n < CONTACT_LIMIT_PER_ADDRESS; n += 1) await sendOk(form(), { ip });
    const before = await t.db.$count(contactMessages);
    const refused = await post(form(), { ip, headers: { 'accept-language': 'mn' } });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({ code: 'CONTACT_TOO_MANY', message: errorMn.CONTACT_TOO_MANY });
    expect(await t.db.$count(contactMessages)).toBe(before);
    // Another address is not held back.
    await sendOk(form());

    const email = 'flood@example.com';
    for (let n = 0; n < CONTACT_LIMIT_PER_EMAIL; n += 1) await sendOk(form({ email }));
    const byEmail = await post(form({ email: 'FLOOD@example.com' }));
    expect(byEmail.statusCode).toBe(429);
    expect(errorOf(byEmail).code).toBe('CONTACT_TOO_MANY');
  });

  it('counts the per-email limit on the mailbox: Gmail without dots and +tags, big providers without +tags', async () => {
    const refusedAfterFive = async (spellings: string[], sixth: string) => {
      for (const email of spellings) await sendOk(form({ email }));
      const refused = await post(form({ email: sixth }));
      expect(refused.statusCode, sixth).toBe(429);
      expect(errorOf(refused).code).toBe('CONTACT_TOO_MANY');
    };
    await refusedAfterFive(
      [
        'tsetseg.bold@gmail.com',
        'TsetsegBold@gmail.com',
        'tsetsegbold+trip@gmail.com',
        'T.S.E.T.S.E.G.bold@googlemail.com',
        'tsetsegbold+a.b@GMAIL.COM',
      ],
      'tse.tse.gbold+again@googlemail.com',
    );
    await refusedAfterFive(
      ['dorj@outlook.com', 'dorj+1@outlook.com', 'Dorj+2@Outlook.com', 'dorj+3@outlook.com', 'dorj+4@outlook.com'],
      'dorj+5@outlook.com',
    );
    // Where the provider's rules are not known (or dots matter), the address is counted as written.
    await sendOk(form({ email: 'd.orj@outlook.com' }));
    await sendOk(form({ email: 'dorj+5@example.com' }));
  });

  it('counts the per-address limit on an IPv6 /64, and an IPv4-mapped address as its IPv4 address', async () => {
    for (let n = 0; n < CONTACT_LIMIT_PER_ADDRESS; n += 1) {
      await sendOk(form(), { ip: `2001:db8:77:1:${(n + 1).toString(16)}:0:0:${n.toString(16)}` });
    }
    for (const ip of ['2001:db8:77:1::ffff', '2001:0db8:0077:0001:abcd:ef01:2345:6789']) {
      const refused = await post(form(), { ip });
      expect(refused.statusCode, ip).toBe(429);
      expect(errorOf(refused).code).toBe('CONTACT_TOO_MANY');
    }
    // The next /64 is someone else.
    await sendOk(form(), { ip: '2001:db8:77:2::1' });

    for (let n = 0; n < CONTACT_LIMIT_PER_ADDRESS; n += 1) {
      await sendOk(form(), { ip: n % 2 ? '198.51.100.9' : '::ffff:198.51.100.9' });
    }
    for (const ip of ['198.51.100.9', '::ffff:198.51.100.9', '::FFFF:c633:6409']) {
      expect((await post(form(), { ip })).statusCode, ip).toBe(429);
    }
    // IPv4 counts each address alone.
    await sendOk(form(), { ip: '198.51.100.10' });
  });

  it('keeps the inbox to admins: 401 anonymous, 403 for a user, on every route', async () => {
    const id = await idOf(await sendOk(form()));
    const routes: [string, string, unknown?][] = [
      ['GET', STAFF],
      ['GET', `${STAFF}/${id}`],
      ['POST', `${STAFF}/${id}/read`],
      ['GET', `${STAFF}/staff`],
      ['POST', `${STAFF}/${id}/reply`, { body: 'x' }],
      ['POST', `${STAFF}/${id}/notes`, { note: 'x' }],
      ['POST', `${STAFF}/${id}/assign`, { assigneeId: null }],
      ['POST', `${STAFF}/${id}/state`, { state: 'resolved' }],
      ['POST', `${STAFF}/${id}/merge`, { into: id }],
      ['POST', `${STAFF}/bulk/state`, { ids: [id], state: 'resolved' }],
    ];
    for (const [method, url, body] of routes) {
      const options = body === undefined ? {} : { body };
      expect((await t.send(method as 'GET', url, options)).statusCode, url).toBe(401);
      expect((await t.send(method as 'GET', url, { ...options, cookie: person })).statusCode, url).toBe(403);
    }
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.state).toBe('new');
  });

  it('reads a conversation without changing it, cross-site or not; marking it read is its own POST', async () => {
    const id = await idOf(await sendOk(form()));
    // A GET, even one a foreign page makes a browser send (no Origin, cross-site), changes nothing.
    for (const headers of [{}, { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' }] as Record<
      string,
      string
    >[]) {
      const read = await t.get(`${STAFF}/${id}`, { cookie: admin, headers });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ state: 'new', unread: true });
    }
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ state: 'new', staffReadAt: null });
    expect((await t.get(`${STAFF}/${id}`, { cookie: admin })).json()).toMatchObject({
      events: [{ kind: 'received' }],
    });
    // Marking it read from another site is refused, like every write.
    const foreign = await t.send('POST', `${STAFF}/${id}/read`, {
      cookie: admin,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).code).toBe('CROSS_SITE_REQUEST');
    expect((await t.get(`${STAFF}/${id}`, { cookie: admin })).json()).toMatchObject({ state: 'new', unread: true });
    // Marking it read twice writes one state change.
    await open(id);
    const again = await open(id);
    expect(again.events.map((event) => event.kind)).toEqual(['received', 'state']);
    const missing = await t.send('POST', `${STAFF}/00000000-0000-0000-0000-000000000000/read`, { cookie: admin });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('CONTACT_NOT_FOUND');
  });

  it('lists newest first with unread marks; marking read moves new to open', async () => {
    const first = await sendOk(form({ title: 'First' }));
    const second = await sendOk(form({ title: 'Second' }));
    const { items } = await list();
    expect(items[0]!.reference).toBe(second);
    expect(items[1]!.reference).toBe(first);
    expect(items[0]!.unread).toBe(true);
    const detail = await open(await idOf(second));
    expect(detail.state).toBe('open');
    expect(detail.unread).toBe(false);
    expect(detail.events.map((event) => event.kind)).toEqual(['received', 'state']);
    const after = await list();
    expect(after.items.find((item) => item.reference === second)!.unread).toBe(false);
    expect(after.items.find((item) => item.reference === first)!.unread).toBe(true);
    expect((await t.get(`${STAFF}/nope`, { cookie: admin })).statusCode).toBe(404);
  });

  it('filters by state, type and assignee, and searches name, email, reference and title in both scripts', async () => {
    const cyrillic = await sendOk(form({ name: 'Батсайхан Должин', type: 'visa', title: 'Визийн асуулт' }));
    const latin = await sendOk(form({ name: 'Oyun Tsetseg', type: 'jobs', email: 'oyun.t@example.com' }));
    const search = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}&pageSize=100`)).items.map((item) => item.reference);
    expect(await search('батсайхан')).toEqual([cyrillic]);
    expect(await search('БАТСАЙХАН должин')).toEqual([cyrillic]);
    expect(await search('визийн')).toEqual([cyrillic]);
    expect(await search('oyun.t@example')).toEqual([latin]);
    expect(await search(latin)).toEqual([latin]);
    expect((await list('?type=visa&pageSize=100')).items.every((item) => item.type === 'visa')).toBe(true);
    expect((await list('?type=visa&pageSize=100')).items.map((item) => item.reference)).toContain(cyrillic);

    const id = await idOf(latin);
    expect((await act(id, 'assign', { assigneeId: adminId })).statusCode).toBe(200);
    const mine = await list(`?assignee=${adminId}&pageSize=100`);
    expect(mine.items.map((item) => item.reference)).toEqual([latin]);
    expect(mine.items[0]!.assignee).toEqual({ id: adminId, name: 'Agency Admin' });
    // Every admin by name, for the assignee filter (never anyone else).
    const staff = await t.get(`${STAFF}/staff`, { cookie: admin });
    expect(staff.json()).toEqual({ items: [{ id: adminId, name: 'Agency Admin' }] });
    const unassigned = await list('?assignee=none&pageSize=100');
    expect(unassigned.items.map((item) => item.reference)).toContain(cyrillic);
    expect(unassigned.items.map((item) => item.reference)).not.toContain(latin);
    expect((await list('?state=open&pageSize=100')).items.every((item) => item.state === 'open')).toBe(true);
    expect((await t.get(`${STAFF}?state=closed`, { cookie: admin })).statusCode).toBe(400);
    // The dashboard's filters (decision 020): not yet settled, waiting for a reply, received days.
    const active = await list('?active=1&pageSize=100');
    expect(active.items.every((item) => ['new', 'open', 'waiting'].includes(item.state))).toBe(true);
    expect(active.items.map((item) => item.reference)).toContain(cyrillic);
    const unanswered = await list('?unanswered=1&pageSize=100');
    expect(unanswered.items.every((item) => ['new', 'open'].includes(item.state))).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    expect((await list(`?from=${yearAgo}&to=${yearAgo}&pageSize=100`)).total).toBe(0);
    for (const bad of ['active=yes', 'unanswered=0', 'from=2026-13-01', 'to=yesterday']) {
      const response = await t.get(`${STAFF}?${bad}`, { cookie: admin, headers: { 'accept-language': 'mn' } });
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).message).toMatch(/[а-яөү]/i);
    }
  });

  it('assigns only to admins', async () => {
    const id = await idOf(await sendOk(form()));
    const refused = await act(id, 'assign', { assigneeId: personId });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('CONTACT_ASSIGNEE_INVALID');
    const assigned = (await (await act(id, 'assign', { assigneeId: adminId })).json()) as AdminContactDetail;
    expect(assigned.assignee?.id).toBe(adminId);
    const cleared = (await (await act(id, 'assign', { assigneeId: null })).json()) as AdminContactDetail;
    expect(cleared.assignee).toBeNull();
    expect(cleared.events.filter((event) => event.kind === 'assign')).toHaveLength(2);
  });

  it('sends a reply through the queue, threaded under the confirmation, and tells the person in-app', async () => {
    const body = form({ email: 'saraa@example.com', name: 'Сараа', language: 'mn' });
    const reference = await sendOk(body, { cookie: person });
    const id = await idOf(reference);
    await sink.waitFor(() => mailsTo('saraa@example.com').some((m) => decodedSubject(m).includes(reference)));
    const detail = await open(id);
    // Saved replies in the person's language, their name filled in.
    expect(detail.language).toBe('mn');
    expect(detail.savedReplies).toHaveLength(4);
    expect(detail.savedReplies[0]!.body).toContain('Сайн байна уу, Сараа');

    expect((await act(id, 'notes', { note: 'Internal: VIP customer' })).statusCode).toBe(200);
    const replied = await act(id, 'reply', { body: detail.savedReplies[0]!.body });
    expect(replied.statusCode, replied.body).toBe(200);
    const after = replied.json() as AdminContactDetail;
    expect(after.state).toBe('waiting');
    expect(after.events.map((event) => event.kind)).toEqual(['received', 'state', 'note', 'reply', 'state']);

    // Through the outbox, with the thread's headers.
    const [queued] = await t.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(queued!.inReplyTo).toBe(row!.threadId);
    const messages = await sink.waitFor(() =>
      mailsTo('saraa@example.com').some((m) => decodedSubject(m).startsWith('Re:')),
    );
    const thread = messages.filter((m) => m.to.includes('saraa@example.com') && decodedSubject(m).includes(reference));
    const confirmation = thread.find((m) => !decodedSubject(m).startsWith('Re:'))!;
    const reply = thread.find((m) => decodedSubject(m).startsWith('Re:'))!;
    expect(confirmation.messageId).toBe(row!.threadId);
    expect(header(reply, 'In-Reply-To')).toBe(row!.threadId);
    expect(header(reply, 'References')).toBe(row!.threadId);
    expect(reply.messageId).not.toBe(confirmation.messageId);
    expect(decodedSubject(reply)).toBe(`Re: ${decodedSubject(confirmation)}`);
    expect(decodedSubject(reply)).not.toContain('Сараа');

    // In-app, with the reference alone; no second (notification) email.
    const told = await t.db.select().from(notifications).where(eq(notifications.recipientId, personId));
    const replyNote = told.find((n) => n.type === 'contactReplied')!;
    expect(replyNote.params).toEqual({ reference });
    expect(await t.db.$count(outbox, eq(outbox.notificationId, replyNote.id))).toBe(0);

    // The person reads the reply, never the note.
    const mine = (await t.get(`/api/contact/mine/${id}`, { cookie: person })).json() as ContactMineResponse['items'][0];
    expect(mine.entries.map((entry) => entry.kind)).toEqual(['received', 'reply']);
    expect(JSON.stringify(mine)).not.toContain('VIP');
    expect(mine.state).toBe('waiting');
  });

  it('gives a message sent signed out to the account of its address once verified, and tells it of the reply there', async () => {
    const reference = await sendOk(form({ email: 'Other@Example.com' }));
    const id = await idOf(reference);
    const replied = () => t.db.$count(notifications, eq(notifications.type, 'contactReplied'));
    const mine = async () =>
      ((await t.get('/api/contact/mine', { cookie: other })).json() as ContactMineResponse).items.map(
        (item) => item.reference,
      );
    // Not yet verified: the address is not proven theirs, so the conversation is not theirs.
    const before = await replied();
    expect((await act(id, 'reply', { body: 'Thanks!' })).statusCode).toBe(200);
    expect(await replied()).toBe(before);
    expect(await mine()).not.toContain(reference);
    expect((await open(id)).hasAccount).toBe(false);

    await t.verifyEmail('other@example.com');
    expect(await mine()).toContain(reference);
    expect((await open(id)).hasAccount).toBe(true);
    expect((await act(id, 'reply', { body: 'And one more thing.' })).statusCode).toBe(200);
    expect(await replied()).toBe(before + 1);
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'contactReplied'))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(told!.link).toBe(`/contact/${reference}`);

    // Sent signed out again, from the verified address: theirs at once.
    const again = await sendOk(form({ email: 'other@example.com' }));
    expect(await mine()).toContain(again);
  });

  it('sets states by hand (never back to new), one or several at once', async () => {
    const a = await idOf(await sendOk(form()));
    const b = await idOf(await sendOk(form()));
    const resolved = (await (await act(a, 'state', { state: 'resolved' })).json()) as AdminContactDetail;
    expect(resolved.state).toBe('resolved');
    expect((await act(a, 'state', { state: 'new' })).statusCode).toBe(400);
    const bulk = await t.send('POST', `${STAFF}/bulk/state`, {
      cookie: admin,
      body: { ids: [a, b, 'junk'], state: 'spam' },
    });
    expect(bulk.json()).toEqual({ changed: 2 });
    const rows = await t.db
      .select()
      .from(contactMessages)
      .where(sql`${contactMessages.id} in (${a}, ${b})`);
    expect(rows.map((row) => row.state)).toEqual(['spam', 'spam']);
    // Spam is out of the list unless asked for.
    expect((await list('?pageSize=100')).items.some((item) => item.id === a)).toBe(false);
    expect((await list('?state=spam&pageSize=100')).items.map((item) => item.id)).toContain(a);
  });

  it('merges a duplicate into another conversation: its history joins, it leaves the list, its reference finds the target', async () => {
    const keep = await sendOk(form({ title: 'Keep me', email: 'twice@example.com' }));
    const duplicate = await sendOk(
      form({ title: 'Duplicate', message: 'Second copy of my question', email: 'Twice@Example.com' }),
    );
    const keepId = await idOf(keep);
    const duplicateId = await idOf(duplicate);
    expect((await act(duplicateId, 'merge', { into: duplicateId })).statusCode).toBe(409);
    expect((await act(duplicateId, 'merge', { into: 'C-1999-99999' })).statusCode).toBe(404);
    const merged = await act(duplicateId, 'merge', { into: keep.toLowerCase() });
    expect(merged.statusCode, merged.body).toBe(200);
    const target = merged.json() as AdminContactDetail;
    expect(target.id).toBe(keepId);
    expect(target.merged).toEqual([duplicate]);
    expect(target.events.filter((event) => event.kind === 'received').map((event) => event.body)).toContain(
      'Second copy of my question',
    );
    expect(target.events.at(-1)).toMatchObject({ kind: 'merge', reference: duplicate });
    const all = await list('?pageSize=100');
    expect(all.items.some((item) => item.id === duplicateId)).toBe(false);
    expect((await list(`?q=${duplicate}`)).items.map((item) => item.id)).toEqual([keepId]);
    expect((await open(duplicateId)).id).toBe(keepId);
  });

  it('refuses to merge two people’s conversations unless staff confirm, naming both; one person’s merge as before', async () => {
    const merge = (from: string, into: string, confirmDifferentPeople?: boolean) =>
      act(from, 'merge', { into, ...(confirmDifferentPeople === undefined ? {} : { confirmDifferentPeople }) });
    const mine = await sendOk(form({ email: 'saraa@example.com', name: 'Saraa' }), { cookie: person });
    const theirs = await sendOk(form({ email: 'other@example.com', name: 'Other Person' }), { cookie: other });
    const signedOut = await sendOk(form({ email: 'saraa@example.com', name: 'Saraa' }));
    const strangerId = await idOf(await sendOk(form({ email: 'stranger@example.com', name: 'Stranger' })));
    const eventsBefore = await t.db.$count(contactEvents);
    // Another account; the same address but one signed in and one not; two other mailboxes.
    for (const [from, into] of [
      [theirs, mine],
      [signedOut, mine],
      [strangerId, signedOut],
    ] as const) {
      const fromId = isUuidLike(from) ? from : await idOf(from);
      const refused = await merge(fromId, into, false);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(errorOf(refused).code).toBe('CONTACT_MERGE_OTHER_PERSON');
    }
    const refused = await t.send('POST', `${STAFF}/${await idOf(theirs)}/merge`, {
      cookie: admin,
      body: { into: mine },
      headers: { 'accept-language': 'mn' },
    });
    expect(errorOf(refused)).toEqual({
      code: 'CONTACT_MERGE_OTHER_PERSON',
      message: errorMn.CONTACT_MERGE_OTHER_PERSON,
      details: {
        from: { reference: theirs, name: 'Other Person', email: 'other@example.com', signedIn: true },
        into: { reference: mine, name: 'Saraa', email: 'saraa@example.com', signedIn: true },
      },
    });
    // Nothing moved.
    expect(await t.db.$count(contactEvents)).toBe(eventsBefore);
    expect(
      await t.db.$count(
        contactMessages,
        sql`${contactMessages.mergedIntoId} is not null and ${contactMessages.reference} in (${theirs}, ${signedOut})`,
      ),
    ).toBe(0);

    // One mailbox however it is spelt (signed out), and one account, merge without asking.
    const dotted = await idOf(await sendOk(form({ email: 'bat.erdene@gmail.com' })));
    const tagged = await sendOk(form({ email: 'BatErdene+trip@googlemail.com' }));
    expect((await merge(dotted, tagged)).statusCode).toBe(200);
    const second = await idOf(await sendOk(form({ email: 'saraa+second@example.com' }), { cookie: person }));
    expect((await merge(second, mine)).statusCode).toBe(200);
    // Confirmed, two people's conversations merge.
    expect((await merge(strangerId, signedOut, true)).statusCode).toBe(200);
  });

  it('after a confirmed merge, never shows one person the other’s words: on /contact/mine, the timeline, emails, notifications', async () => {
    const mineRef = await sendOk(
      form({ email: 'saraa.merge@example.com', name: 'Saraa', message: 'Saraa asks about Khuvsgul' }),
      { cookie: person },
    );
    const theirsRef = await sendOk(
      form({ email: 'other@example.com', name: 'Other Person', message: 'Other secret about a passport' }),
      { cookie: other },
    );
    const mineId = await idOf(mineRef);
    const theirsId = await idOf(theirsRef);
    expect((await act(theirsId, 'reply', { body: 'Reply meant for Other only' })).statusCode).toBe(200);
    expect((await act(mineId, 'reply', { body: 'Reply meant for Saraa before' })).statusCode).toBe(200);
    const merged = await act(theirsId, 'merge', { into: mineRef, confirmDifferentPeople: true });
    expect(merged.statusCode, merged.body).toBe(200);
    // Staff see everything, each message with who wrote it.
    const detail = merged.json() as AdminContactDetail;
    expect(detail.events.filter((event) => event.kind === 'received').map((event) => event.from)).toEqual([
      'Saraa',
      'Other Person',
    ]);
    const replied = await act(mineId, 'reply', { body: 'Reply for Saraa after the merge' });
    expect(replied.statusCode).toBe(200);
    const outboxRow = (await t.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1))[0]!;
    expect(outboxRow.to).toBe('saraa.merge@example.com');
    for (const part of [outboxRow.subject, outboxRow.text, outboxRow.html ?? '']) {
      expect(part).not.toContain('Other secret');
      expect(part).not.toContain(theirsRef);
    }

    const saraaWords = ['Saraa asks about Khuvsgul', 'Reply meant for Saraa before', 'Reply for Saraa after the merge'];
    const otherWords = ['Other secret about a passport', 'Reply meant for Other only'];
    const bodiesOf = (item: { entries: { body: string }[] }) => item.entries.map((entry) => entry.body);

    // Saraa: her conversation, her words and her replies only.
    const saraaMine = (await t.get('/api/contact/mine', { cookie: person })).json() as ContactMineResponse;
    const saraaItem = saraaMine.items.find((item) => item.reference === mineRef)!;
    expect(bodiesOf(saraaItem)).toEqual(saraaWords);
    const saraaOne = (
      await t.get(`/api/contact/mine/${mineId}`, { cookie: person })
    ).json() as ContactMineResponse['items'][0];
    expect(bodiesOf(saraaOne)).toEqual(saraaWords);
    expect((await t.get(`/api/contact/mine/${theirsId}`, { cookie: person })).statusCode).toBe(404);
    const saraaTimeline = (await t.get('/api/account/timeline?limit=50', { cookie: person })).json() as {
      items: { kind: string; event?: string; reference?: string }[];
    };
    // Her message and the two replies to her: not the other person's message, nor the reply sent to them.
    expect(saraaTimeline.items.filter((item) => item.reference === mineRef).map((item) => item.event)).toEqual([
      'reply',
      'reply',
      'sent',
    ]);
    for (const text of [JSON.stringify(saraaMine), JSON.stringify(saraaTimeline)]) {
      for (const word of otherWords) expect(text).not.toContain(word);
      expect(text).not.toContain(theirsRef);
      expect(text).not.toContain(theirsId);
    }

    // The other person: their own message, as it was, with the reply they were sent; nothing of Saraa's.
    const otherMine = (await t.get('/api/contact/mine', { cookie: other })).json() as ContactMineResponse;
    const otherItem = otherMine.items.find((item) => item.reference === theirsRef)!;
    expect(otherItem.id).toBe(theirsId);
    expect(bodiesOf(otherItem)).toEqual(otherWords);
    const otherOne = (
      await t.get(`/api/contact/mine/${theirsId}`, { cookie: other })
    ).json() as ContactMineResponse['items'][0];
    expect(bodiesOf(otherOne)).toEqual(otherWords);
    expect((await t.get(`/api/contact/mine/${mineId}`, { cookie: other })).statusCode).toBe(404);
    const otherTimeline = (await t.get('/api/account/timeline?limit=50', { cookie: other })).json() as {
      items: { kind: string; messageId?: string; reference?: string }[];
    };
    const otherMessages = otherTimeline.items.filter((item) => item.kind === 'message');
    expect(otherMessages.length).toBeGreaterThanOrEqual(2);
    expect(otherMessages.filter((item) => item.reference === theirsRef)).toHaveLength(2);
    for (const text of [JSON.stringify(otherMine), JSON.stringify(otherTimeline)]) {
      for (const word of saraaWords) expect(text).not.toContain(word);
      expect(text).not.toContain(mineRef);
      expect(text).not.toContain(mineId);
    }

    // The reply after the merge told Saraa in-app, never the other person.
    const told = await t.db
      .select()
      .from(notifications)
      .where(sql`${notifications.type} = 'contactReplied' and ${notifications.params}->>'reference' = ${mineRef}`);
    expect(told.map((row) => row.recipientId)).toEqual([personId, personId]);
    expect(
      await t.db.$count(
        notifications,
        sql`${notifications.type} = 'contactReplied' and ${notifications.params}->>'reference' = ${theirsRef}`,
      ),
    ).toBe(1);
  });

  it('keeps one person’s own merged messages together on /contact/mine', async () => {
    const first = await sendOk(form({ email: 'saraa.own@example.com', message: 'First of two' }), { cookie: person });
    const secondRef = await sendOk(form({ email: 'saraa.own@example.com', message: 'Second of two' }), {
      cookie: person,
    });
    const secondId = await idOf(secondRef);
    expect((await act(secondId, 'merge', { into: first })).statusCode).toBe(200);
    const mine = (await t.get('/api/contact/mine', { cookie: person })).json() as ContactMineResponse;
    expect(mine.items.some((item) => item.reference === secondRef)).toBe(false);
    const item = mine.items.find((entry) => entry.reference === first)!;
    expect(item.entries.map((entry) => entry.body)).toEqual(['First of two', 'Second of two']);
    // The merged one's id leads to the conversation it joined.
    const joined = (await t.get(`/api/contact/mine/${secondId}`, { cookie: person })).json() as { reference: string };
    expect(joined.reference).toBe(first);
  });
});
