import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  AdminConsultationDetail,
  Consultation,
  MyConsultationsResponse,
} from '@aylal/shared/schemas/consultations';
import { errorOf, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { bookConsultation, BOOKING_ACCOUNTS, prepareBooking, slotAfter } from '../../../test/notifications.ts';
import { tripInput } from '../../../test/trips.ts';
import type { TripDetail } from '@aylal/shared/schemas/trips';

const VIDEO = 'https://meet.example.com/abc-defg-hij?pwd=1';
const MISSING = '00000000-0000-0000-0000-000000000000';

/**
 * Where a consultation happens (issue 23, decision 008): staff set the office (its address from
 * Settings, the default), another place or a video link; the traveller sees it, is told once in
 * their language, and gets it in the calendar file the emails carry.
 */
describe('the place of a consultation', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, BOOKING_ACCOUNTS);

  const setPlace = (id: string, body: unknown, cookie = accounts.admin) =>
    t.send('PUT', `/api/admin/consultations/${id}/place`, { cookie, body });
  const mine = async (cookie = accounts.traveller) =>
    ((await t.get('/api/consultations', { cookie })).json() as MyConsultationsResponse).items;
  const travellerMails = async () => {
    await t.app.deliveries.drain();
    return t.mails.filter((mail) => mail.to === 'traveller@example.com');
  };
  /** One upcoming consultation per traveller and trip: each test books about a trip of its own. */
  const book = async (skip: number, cookie = accounts.traveller) => {
    const trip = await t.send('POST', '/api/admin/trips', { cookie: accounts.admin, body: tripInput() });
    expect(trip.statusCode, trip.body).toBe(201);
    const tripId = (trip.json() as TripDetail).id;
    const response = await bookConsultation(t, cookie, tripId, await slotAfter(t, 72, skip));
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as Consultation).id;
  };

  beforeAll(async () => {
    await prepareBooking(t, accounts.admin);
    const hours = (await t.get('/api/admin/settings/consultation-hours', { cookie: accounts.admin })).json();
    const saved = await t.send('PUT', '/api/admin/settings/consultation-hours', {
      cookie: accounts.admin,
      body: { ...hours, officeAddress: '  Peace Avenue 17, Ulaanbaatar  ' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ officeAddress: 'Peace Avenue 17, Ulaanbaatar' });
  });

  it('is at the office with the address the website gives until Settings holds one', async () => {
    const hours = (await t.get('/api/admin/settings/consultation-hours', { cookie: accounts.admin })).json();
    const put = (officeAddress: string) =>
      t.send('PUT', '/api/admin/settings/consultation-hours', {
        cookie: accounts.admin,
        body: { ...hours, officeAddress },
      });
    expect((await put('')).statusCode).toBe(200);
    try {
      const id = await book(5);
      expect((await mine()).find((item) => item.id === id)?.location).toEqual({ kind: 'office', address: '' });
      const file = await t.get(`/api/consultations/${id}/calendar.ics`, { cookie: accounts.traveller });
      expect(file.body).toContain('LOCATION:At the Aylal office\\, Peace Avenue 17\\, Sükhbaatar district');
    } finally {
      expect((await put('Peace Avenue 17, Ulaanbaatar')).statusCode).toBe(200);
    }
  });

  it('is the office from Settings until staff say otherwise, for the traveller and in the booking email', async () => {
    const id = await book(0);
    expect((await mine()).find((item) => item.id === id)?.location).toEqual({
      kind: 'office',
      address: 'Peace Avenue 17, Ulaanbaatar',
    });
    const mail = (await travellerMails()).at(-1)!;
    expect(mail.text).toContain('Where: At the Aylal office, Peace Avenue 17, Ulaanbaatar');
    expect(mail.calendar!.content).toContain('LOCATION:At the Aylal office\\, Peace Avenue 17\\, Ulaanbaatar');
  });

  it('is for admins only, and an unknown consultation is not found', async () => {
    const id = await book(1);
    expect((await t.send('PUT', `/api/admin/consultations/${id}/place`, { body: { kind: 'office' } })).statusCode).toBe(
      401,
    );
    const refused = await setPlace(id, { kind: 'video', videoUrl: VIDEO }, accounts.traveller);
    expect(refused.statusCode).toBe(403);
    expect((await mine()).find((item) => item.id === id)?.location).toMatchObject({ kind: 'office' });
    expect(errorOf(await setPlace(MISSING, { kind: 'office' }))).toMatchObject({ code: 'CONSULTATION_NOT_FOUND' });
    expect((await setPlace('not-a-uuid', { kind: 'office' })).statusCode).toBe(404);
  });

  it.each([
    ['a plain http link', { kind: 'video', videoUrl: 'http://meet.example.com/abc' }, 'videoUrl'],
    ['a script link', { kind: 'video', videoUrl: 'javascript:alert(1)' }, 'videoUrl'],
    ['a link with a password', { kind: 'video', videoUrl: 'https://user:secret@meet.example.com/x' }, 'videoUrl'],
    [
      'a link over 500 characters',
      { kind: 'video', videoUrl: `https://meet.example.com/${'a'.repeat(500)}` },
      'videoUrl',
    ],
    ['no link', { kind: 'video' }, 'videoUrl'],
    ['an empty place', { kind: 'place', place: '   ' }, 'place'],
    ['a place over 300 characters', { kind: 'place', place: 'x'.repeat(301) }, 'place'],
    ['an unknown kind', { kind: 'elsewhere' }, 'kind'],
  ])('refuses %s with a message on the field, changing nothing', async (_label, body, field) => {
    const id = await book(2);
    await travellerMails();
    t.mails.length = 0;
    const response = await setPlace(id, body, accounts.admin);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(error.details)).toContain(field);
    expect(
      (
        await t.send('GET', `/api/admin/consultations/${id}`, {
          cookie: accounts.admin,
          headers: { 'accept-language': 'mn' },
        })
      ).json(),
    ).toMatchObject({
      location: { kind: 'office' },
    });
    expect(await travellerMails()).toHaveLength(0);
    await t.send('POST', `/api/consultations/${id}/cancel`, { cookie: accounts.traveller });
  });

  it('sets a video link: history, audit, one notification and one email in their language, the calendar file', async () => {
    const id = await book(3);
    await t.db
      .execute(sql`insert into profiles (user_id, language) select id, 'mn' from users where email = 'traveller@example.com'
      on conflict (user_id) do update set language = 'mn'`);
    await travellerMails();
    t.mails.length = 0;

    const response = await setPlace(id, { kind: 'video', videoUrl: ` ${VIDEO} ` });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as AdminConsultationDetail;
    expect(detail.location).toEqual({ kind: 'video', url: VIDEO });
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'place',
      note: VIDEO,
      actor: { name: 'Agency Admin', isStaff: true },
    });
    const audit = await t.db.execute<{ action: string; changes: unknown }>(
      sql`select action, changes from audit_log where entity_type = 'consultation' and entity_id = ${id}`,
    );
    expect(audit.rows).toEqual([{ action: 'update', changes: { videoUrl: { from: '', to: VIDEO } } }]);

    // The same again changes nothing and tells nobody.
    expect((await setPlace(id, { kind: 'video', videoUrl: VIDEO })).statusCode).toBe(200);

    const mails = await travellerMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Зөвлөгөө болох газар');
    expect(mails[0]!.text).toContain(`Хаана: Видео дуудлага: ${VIDEO}`);
    expect(mails[0]!.calendar!.content).toContain(`LOCATION:${VIDEO}`);
    expect(mails[0]!.calendar!.content).toContain('SEQUENCE:1');
    const told = await t.db.execute<{ type: string }>(
      sql`select type from notifications where type = 'consultationPlaceChanged'`,
    );
    expect(told.rows).toHaveLength(1);

    expect((await mine()).find((item) => item.id === id)?.location).toEqual({ kind: 'video', url: VIDEO });
    const file = await t.get(`/api/consultations/${id}/calendar.ics`, { cookie: accounts.traveller });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/calendar');
    expect(file.body).toContain(`UID:consultation-${id}@aylal`);
    expect(file.body).toContain(`LOCATION:${VIDEO}`);
    expect(file.body).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    // Someone else's consultation, and an unknown one, are not found.
    expect((await t.get(`/api/consultations/${id}/calendar.ics`, { cookie: accounts.other })).statusCode).toBe(404);
    expect((await t.get(`/api/consultations/${MISSING}/calendar.ics`, { cookie: accounts.traveller })).statusCode).toBe(
      404,
    );
    expect((await t.get(`/api/consultations/${id}/calendar.ics`)).statusCode).toBe(401);
    expect((await mine(accounts.other)).some((item) => item.id === id)).toBe(false);
  });

  it('sets another place, back to the office, and not once the consultation is cancelled (then hidden)', async () => {
    const id = await book(4);
    const placed = await setPlace(id, { kind: 'place', place: 'Café Nomad, Seoul Street 5' });
    expect(placed.json()).toMatchObject({ location: { kind: 'place', address: 'Café Nomad, Seoul Street 5' } });
    expect((await setPlace(id, { kind: 'office' })).json()).toMatchObject({
      location: { kind: 'office', address: 'Peace Avenue 17, Ulaanbaatar' },
    });
    expect((await t.send('POST', `/api/consultations/${id}/cancel`, { cookie: accounts.traveller })).statusCode).toBe(
      200,
    );
    expect(errorOf(await setPlace(id, { kind: 'video', videoUrl: VIDEO }))).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
    });
    expect((await mine()).find((item) => item.id === id)?.location).toBeNull();
    expect((await t.get(`/api/consultations/${id}/calendar.ics`, { cookie: accounts.traveller })).statusCode).toBe(409);
  });
});
