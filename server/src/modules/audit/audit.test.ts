import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse } from '@aylal/shared/schemas/audit';
import type { AdminApplicationDetail } from '@aylal/shared/schemas/applications';
import type { AdminUsersResponse } from '@aylal/shared/schemas/admin-users';
import type { JobDetail } from '@aylal/shared/schemas/jobs';
import type { TripDetail, TripImage } from '@aylal/shared/schemas/trips';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import { ADMIN_EMAIL, errorOf, multipart, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { jobInput } from '../../../test/jobs.ts';
import { bookConsultation, prepareBooking, slotAfter } from '../../../test/notifications.ts';
import { makePdf } from '../../../test/pdfs.ts';
import { tripInput } from '../../../test/trips.ts';
import { completeVisaForm, visaConsent } from '../../../test/visa.ts';
import { issueContactFormToken } from '../contact/index.ts';

/**
 * Who changed what (issue 14; docs/decisions/018): each kind of staff change writes exactly one
 * `audit_log` row, in its transaction, with the actor and only the fields that changed, never a
 * personal value; the history route is staff's alone.
 */

interface AuditRow extends Record<string, unknown> {
  actor_user_id: string | null;
  entity_type: string;
  entity_id: string;
  action: string;
  changes: Record<string, { from?: unknown; to?: unknown }>;
}

describe('who changed what', () => {
  const t = useTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
  const accounts = useAccounts(t, {
    admin: { email: ADMIN_EMAIL, name: 'Admin Name' },
    person: { email: 'person@example.com', name: 'Bat Dorj' },
  });
  let adminId: string;
  let personId: string;

  const rowCount = async () =>
    (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)).rows[0]!.n;
  /** Runs a change and answers the one audit row it wrote (failing if it wrote none or several). */
  async function onlyRowOf(change: () => Promise<{ statusCode: number; body: string }>, okStatus = 200) {
    const before = await rowCount();
    const response = await change();
    expect(response.statusCode, response.body).toBe(okStatus);
    const rows = await t.db.execute<AuditRow>(
      sql`select actor_user_id, entity_type, entity_id, action, changes from audit_log order by created_at desc, id desc limit 3`,
    );
    expect(await rowCount()).toBe(before + 1);
    const row = rows.rows[0]!;
    expect(row.actor_user_id).toBe(adminId);
    return { row, response };
  }
  const history = async (entity: string, id: string, query = '') => {
    const response = await t.get(`/api/admin/history?entity=${entity}&id=${id}${query}`, { cookie: accounts.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as HistoryResponse;
  };
  const userId = async (email: string) =>
    (await t.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]!.id;

  beforeAll(async () => {
    adminId = await userId(ADMIN_EMAIL);
    personId = await userId('person@example.com');
  });

  describe('the history route', () => {
    it('answers 401 anonymous and 403 to role user', async () => {
      const anonymous = await t.get('/api/admin/history?entity=trip&id=x');
      expect(anonymous.statusCode).toBe(401);
      const user = await t.get('/api/admin/history?entity=trip&id=x', { cookie: accounts.person });
      expect(user.statusCode).toBe(403);
      expect(errorOf(user).code).toBe('FORBIDDEN');
    });

    it('refuses an unknown kind of record with a 400', async () => {
      const response = await t.get('/api/admin/history?entity=passwords&id=x', { cookie: accounts.admin });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    });
  });

  describe('trips', () => {
    let trip: TripDetail;

    it('records a creation, then an edit with only the changed fields and their values', async () => {
      const created = await onlyRowOf(
        () => t.send('POST', '/api/admin/trips', { cookie: accounts.admin, body: tripInput() }),
        201,
      );
      trip = created.response.body ? (JSON.parse(created.response.body) as TripDetail) : trip;
      expect(created.row).toMatchObject({ entity_type: 'trip', entity_id: trip.id, action: 'create', changes: {} });

      const { row } = await onlyRowOf(() =>
        t.send('PUT', `/api/admin/trips/${trip.id}`, {
          cookie: accounts.admin,
          body: tripInput({
            fare: 1350,
            title: { en: 'Gobi in Autumn', mn: 'Хаврын Говь' },
            departureDates: ['2027-06-14', '2027-05-10'],
          }),
        }),
      );
      // The same dates in another order are no change; the Mongolian title did not change.
      expect(row).toMatchObject({ entity_type: 'trip', entity_id: trip.id, action: 'update' });
      expect(row.changes).toEqual({
        fare: { from: 1200, to: 1350 },
        'title.en': { from: 'Gobi in Spring', to: 'Gobi in Autumn' },
      });

      const { items, total } = await history('trip', trip.id);
      expect(total).toBe(2);
      expect(items[0]).toMatchObject({ action: 'update', actor: { id: adminId, name: 'Admin Name' } });
      expect(items[1]!.action).toBe('create');
    });

    it('writes nothing for a save that changed nothing', async () => {
      const before = await rowCount();
      const saved = await t.send('PUT', `/api/admin/trips/${trip.id}`, {
        cookie: accounts.admin,
        body: tripInput({ fare: 1350, title: { en: 'Gobi in Autumn', mn: 'Хаврын Говь' } }),
      });
      expect(saved.statusCode).toBe(200);
      expect(await rowCount()).toBe(before);
    });

    it('records a long text as changed without its values', async () => {
      const long = 'A very long description. '.repeat(40);
      const { row } = await onlyRowOf(() =>
        t.send('PUT', `/api/admin/trips/${trip.id}`, {
          cookie: accounts.admin,
          body: tripInput({
            fare: 1350,
            title: { en: 'Gobi in Autumn', mn: 'Хаврын Говь' },
            description: { en: long, mn: 'Урт текст.' },
          }),
        }),
      );
      expect(row.changes).toEqual({ 'description.en': {} });
    });

    it('records publishing, pictures and deletion', async () => {
      const status = await onlyRowOf(() =>
        t.send('PATCH', `/api/admin/trips/${trip.id}/status`, { cookie: accounts.admin, body: { status: 'draft' } }),
      );
      expect(status.row).toMatchObject({ action: 'status', changes: { status: { from: 'published', to: 'draft' } } });

      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } })
        .jpeg()
        .toBuffer();
      const added = await onlyRowOf(
        () =>
          t.send('POST', `/api/admin/trips/${trip.id}/images`, {
            cookie: accounts.admin,
            raw: multipart({ altEn: 'Dunes', altMn: 'Манхан' }, { name: 'a.jpg', type: 'image/jpeg', data: photo }),
          }),
        201,
      );
      expect(added.row).toMatchObject({ entity_id: trip.id, action: 'picture-add' });
      const image = JSON.parse(added.response.body) as TripImage;

      const alt = await onlyRowOf(() =>
        t.send('PATCH', `/api/admin/trips/${trip.id}/images/${image.id}`, {
          cookie: accounts.admin,
          body: { alt: { en: 'Dunes at dusk', mn: 'Манхан' } },
        }),
      );
      expect(alt.row).toMatchObject({
        action: 'picture-alt',
        changes: { 'alt.en': { from: 'Dunes', to: 'Dunes at dusk' } },
      });

      const removed = await onlyRowOf(
        () => t.send('DELETE', `/api/admin/trips/${trip.id}/images/${image.id}`, { cookie: accounts.admin }),
        204,
      );
      expect(removed.row.action).toBe('picture-remove');

      const deleted = await onlyRowOf(
        () => t.send('DELETE', `/api/admin/trips/${trip.id}`, { cookie: accounts.admin }),
        204,
      );
      expect(deleted.row).toMatchObject({ entity_id: trip.id, action: 'delete' });
    });

    it('writes no row for a refused change', async () => {
      const before = await rowCount();
      const refused = await t.send('PUT', `/api/admin/trips/${trip.id}`, { cookie: accounts.admin, body: tripInput() });
      expect(refused.statusCode).toBe(404);
      expect(await rowCount()).toBe(before);
    });
  });

  describe('jobs, applications and settings', () => {
    let job: JobDetail;

    it('records a job created, edited, its status and its files', async () => {
      const created = await onlyRowOf(
        () => t.send('POST', '/api/admin/jobs', { cookie: accounts.admin, body: jobInput() }),
        201,
      );
      job = JSON.parse(created.response.body) as JobDetail;
      const edited = await onlyRowOf(() =>
        t.send('PUT', `/api/admin/jobs/${job.id}`, { cookie: accounts.admin, body: jobInput({ company: 'New Co' }) }),
      );
      expect(edited.row).toMatchObject({ entity_type: 'job', action: 'update' });
      expect(Object.keys(edited.row.changes)).toEqual(['company']);

      const status = await onlyRowOf(() =>
        t.send('PATCH', `/api/admin/jobs/${job.id}/status`, { cookie: accounts.admin, body: { status: 'closed' } }),
      );
      expect(status.row.changes).toEqual({ status: { from: 'published', to: 'closed' } });
      await t.send('PATCH', `/api/admin/jobs/${job.id}/status`, {
        cookie: accounts.admin,
        body: { status: 'published' },
      });

      const file = { name: 'brief.pdf', type: 'application/pdf', data: await makePdf() };
      const added = await onlyRowOf(
        () =>
          t.send('POST', `/api/admin/jobs/${job.id}/materials`, { cookie: accounts.admin, raw: multipart({}, file) }),
        201,
      );
      expect(added.row.action).toBe('file-add');
    });

    it("records an application's state change with no CV content", async () => {
      await t.send('PUT', '/api/cv', {
        cookie: accounts.person,
        body: {
          fullName: 'Bat Dorj',
          title: 'Welder',
          email: 'person@example.com',
          phone: '+976 9911 2233',
          address: 'Secret Street 1',
          summary: 'Private summary',
          experience: [],
          education: [],
          skills: [],
          languages: [],
        },
      });
      const applied = await t.send('POST', `/api/jobs/${job.id}/applications`, { cookie: accounts.person, body: {} });
      expect(applied.statusCode, applied.body).toBe(201);
      const { items } = (await t.get('/api/admin/applications', { cookie: accounts.admin }).then((r) => r.json())) as {
        items: AdminApplicationDetail[];
      };
      const application = items[0]!;
      const { row } = await onlyRowOf(() =>
        t.send('PATCH', `/api/admin/applications/${application.id}`, {
          cookie: accounts.admin,
          body: { state: 'reviewing' },
        }),
      );
      expect(row).toMatchObject({
        entity_type: 'application',
        entity_id: application.id,
        action: 'state',
        changes: { state: { from: 'submitted', to: 'reviewing' } },
      });
      expect(JSON.stringify(row)).not.toMatch(/Secret Street|Private summary|9911/);
    });

    it('records the working hours and the visa price, each field that changed', async () => {
      const hours = await onlyRowOf(() =>
        t.send('PUT', '/api/admin/settings/consultation-hours', {
          cookie: accounts.admin,
          body: {
            weekdays: [1, 2, 3, 4, 5],
            dayStart: '10:00',
            dayEnd: '18:00',
            slotMinutes: 30,
            timeZone: 'Asia/Ulaanbaatar',
            horizonDays: 30,
            leadHours: 24,
          },
        }),
      );
      expect(hours.row).toMatchObject({ entity_type: 'settings', entity_id: 'consultation-hours', action: 'update' });
      expect(hours.row.changes.dayStart).toEqual({ from: '09:00', to: '10:00' });

      const price = await onlyRowOf(() =>
        t.send('PUT', '/api/admin/settings/visa', { cookie: accounts.admin, body: { processingPriceUsd: 80 } }),
      );
      expect(price.row).toMatchObject({
        entity_id: 'visa',
        changes: { processingPriceUsd: { from: 0, to: 80 } },
      });
      expect((await history('settings', 'visa')).items[0]!.actor?.name).toBe('Admin Name');
    });
  });

  describe('consultations, visa applications and roles', () => {
    it("records a consultation's state change and a note without its text", async () => {
      const tripId = await prepareBooking(t, accounts.admin);
      const booked = await bookConsultation(t, accounts.person, tripId, await slotAfter(t, 48));
      expect(booked.statusCode, booked.body).toBe(201);
      const { id } = booked.json() as { id: string };
      const confirmed = await onlyRowOf(() =>
        t.send('POST', `/api/admin/consultations/${id}/actions`, {
          cookie: accounts.admin,
          body: { action: 'confirm' },
        }),
      );
      expect(confirmed.row).toMatchObject({
        entity_type: 'consultation',
        action: 'state',
        changes: { state: { from: 'pending', to: 'confirmed' } },
      });
      const noted = await onlyRowOf(() =>
        t.send('POST', `/api/admin/consultations/${id}/actions`, {
          cookie: accounts.admin,
          body: { action: 'note', note: 'Passport number E1234567' },
        }),
      );
      expect(noted.row).toMatchObject({ action: 'note', changes: {} });
      expect(JSON.stringify(noted.row)).not.toContain('E1234567');
    });

    it("records a visa application's staff step and note without the message or the answers", async () => {
      const created = await t.send('POST', '/api/visa-applications', { cookie: accounts.person });
      const { id, version } = created.json() as VisaApplication;
      await t.send('PUT', `/api/visa-applications/${id}`, {
        cookie: accounts.person,
        body: { form: completeVisaForm() },
        headers: { 'if-match': `"${version}"` },
      });
      expect(
        (await t.send('POST', `/api/visa-applications/${id}/submit`, { cookie: accounts.person, body: visaConsent() }))
          .statusCode,
      ).toBe(200);
      const before = await rowCount();
      const reviewing = await onlyRowOf(() =>
        t.send('POST', `/api/admin/visa-applications/${id}/actions`, {
          cookie: accounts.admin,
          body: { action: 'start-review' },
        }),
      );
      expect(reviewing.row).toMatchObject({ entity_type: 'visa', entity_id: id, action: 'start-review' });
      expect(reviewing.row.changes).toEqual({ state: { from: 'submitted', to: 'in-review' } });
      const asked = await onlyRowOf(() =>
        t.send('POST', `/api/admin/visa-applications/${id}/actions`, {
          cookie: accounts.admin,
          body: { action: 'request-action', section: 'passport', message: 'Passport E7654321 is blurred' },
        }),
      );
      expect(JSON.stringify(asked.row)).not.toContain('E7654321');
      expect(await rowCount()).toBe(before + 2);
      const passport = completeVisaForm().passportNumber;
      const all = await t.db.execute(sql`select changes::text as c from audit_log`);
      expect(JSON.stringify(all.rows)).not.toContain(passport);
    });

    it('records a role change', async () => {
      const { row } = await onlyRowOf(() =>
        t.send('PATCH', `/api/admin/users/${personId}/role`, { cookie: accounts.admin, body: { role: 'admin' } }),
      );
      expect(row).toMatchObject({
        entity_type: 'user',
        entity_id: personId,
        action: 'role',
        changes: { role: { from: 'user', to: 'admin' } },
      });
      const users = (await t.get('/api/admin/users', { cookie: accounts.admin })).json() as AdminUsersResponse;
      expect(users.items.length).toBeGreaterThan(0);
      const { items } = await history('user', personId);
      expect(items).toHaveLength(1);
      expect(items[0]!.changes).toEqual({ role: { from: 'user', to: 'admin' } });
    });
  });

  describe('contact messages', () => {
    const STAFF = '/api/admin/contact-messages';
    let address = 0;
    /** A message sent through the form (anonymous), answering its id. */
    async function sendMessage(text: string) {
      const now = Date.now();
      const sent = await t.send('POST', '/api/contact', {
        remoteAddress: `10.9.0.${(address += 1)}`,
        body: {
          title: 'A question',
          type: 'general',
          name: 'Saraa Bold',
          email: `saraa${address}@example.com`,
          contact: '',
          message: text,
          formToken: issueContactFormToken(t.config.AUTH_SECRET, now - 20_000),
        },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const { reference } = sent.json() as { reference: string };
      return (await t.db.execute<{ id: string }>(sql`select id from contact_messages where reference = ${reference}`))
        .rows[0]!.id;
    }
    const act = (id: string, action: string, body: unknown) =>
      t.send('POST', `${STAFF}/${id}/${action}`, { cookie: accounts.admin, body });

    it('records each staff change of a conversation once, with the actor and never a text', async () => {
      const id = await sendMessage('My passport number is E5550001');
      // Reading it writes nothing; marking it read (the page's POST) opens it.
      const read = await rowCount();
      expect((await t.get(`${STAFF}/${id}`, { cookie: accounts.admin })).statusCode).toBe(200);
      expect(await rowCount()).toBe(read);
      const opened = await onlyRowOf(() => t.send('POST', `${STAFF}/${id}/read`, { cookie: accounts.admin }));
      expect(opened.row).toMatchObject({
        entity_type: 'message',
        entity_id: id,
        action: 'state',
        changes: { state: { from: 'new', to: 'open' } },
      });
      // Marking it read again changes nothing: no row.
      const before = await rowCount();
      expect((await t.send('POST', `${STAFF}/${id}/read`, { cookie: accounts.admin })).statusCode).toBe(200);
      expect(await rowCount()).toBe(before);

      const replied = await onlyRowOf(() => act(id, 'reply', { body: 'Reply text R-7788 for you' }));
      expect(replied.row).toMatchObject({
        action: 'reply',
        changes: { state: { from: 'open', to: 'waiting' } },
      });
      const again = await onlyRowOf(() => act(id, 'reply', { body: 'Second reply R-7799' }));
      expect(again.row).toMatchObject({ action: 'reply', changes: {} });
      const noted = await onlyRowOf(() => act(id, 'notes', { note: 'Internal note N-4455' }));
      expect(noted.row).toMatchObject({ action: 'note', changes: {} });
      const assigned = await onlyRowOf(() => act(id, 'assign', { assigneeId: adminId }));
      expect(assigned.row).toMatchObject({
        action: 'assign',
        changes: { assignee: { from: null, to: 'Admin Name' } },
      });
      const resolved = await onlyRowOf(() => act(id, 'state', { state: 'resolved' }));
      expect(resolved.row.changes).toEqual({ state: { from: 'waiting', to: 'resolved' } });
      // A refused change (an assignee who is no one's account) writes nothing.
      const refused = await rowCount();
      expect((await act(id, 'assign', { assigneeId: 'no-such-account' })).statusCode).toBe(400);
      expect(await rowCount()).toBe(refused);

      const other = await sendMessage('A duplicate, passport E5550002');
      const third = await sendMessage('Another one');
      const bulkBefore = await rowCount();
      const bulk = await t.send('POST', `${STAFF}/bulk/state`, {
        cookie: accounts.admin,
        body: { ids: [other, third], state: 'spam' },
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect(await rowCount()).toBe(bulkBefore + 2);
      // Two people's messages (each its own address): staff confirm the merge.
      const merged = await onlyRowOf(() => act(other, 'merge', { into: id, confirmDifferentPeople: true }));
      expect(merged.row).toMatchObject({ entity_id: other, action: 'merge', changes: {} });

      const all = await t.db.execute(sql`select changes::text as c from audit_log where entity_type = 'message'`);
      for (const text of ['E5550001', 'E5550002', 'R-7788', 'R-7799', 'N-4455', 'Saraa']) {
        expect(JSON.stringify(all.rows)).not.toContain(text);
      }
      const { items } = await history('message', id);
      expect(items.map((item) => item.action)).toEqual(['state', 'assign', 'note', 'reply', 'reply', 'state']);
      expect(items.every((item) => item.actor?.name === 'Admin Name')).toBe(true);
    });
  });

  it('pages a long history newest first', async () => {
    const created = await t.send('POST', '/api/admin/jobs', { cookie: accounts.admin, body: jobInput() });
    const job = created.json() as JobDetail;
    for (const company of ['A', 'B', 'C']) {
      await t.send('PUT', `/api/admin/jobs/${job.id}`, { cookie: accounts.admin, body: jobInput({ company }) });
    }
    const first = await history('job', job.id, '&pageSize=2');
    expect(first.total).toBe(4);
    expect(first.items.map((item) => item.changes.company?.to)).toEqual(['C', 'B']);
    const second = await history('job', job.id, '&pageSize=2&page=2');
    expect(second.items.map((item) => item.action)).toEqual(['update', 'create']);
  });
});
