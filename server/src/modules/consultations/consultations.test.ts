import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminConsultationDetail,
  AdminConsultationsResponse,
  CalendarResponse,
  Consultation,
  MyConsultationsResponse,
  SlotsResponse,
} from '@aylal/shared/schemas/consultations';
import type { TripDetail } from '@aylal/shared/schemas/trips';
import { eq } from 'drizzle-orm';
import { consultations } from '../../db/schema/consultations.ts';
import { ADMIN_EMAIL, errorOf, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { ALWAYS_OPEN, BOOKING_ACCOUNTS } from '../../../test/notifications.ts';
import { itIsStaffOnly } from '../../../test/staff-only.ts';

const HOUR = 3_600_000;
describe('consultations', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, BOOKING_ACCOUNTS);
  let tripId: string;
  let draftId: string;

  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => t.send(method, url, { cookie, body, headers });

  /** Emails wait in the queue: send what is due before reading. The last one to a traveller (staff get theirs too). */
  const lastMail = async () => {
    await t.app.deliveries.drain();
    return t.mails.filter((mail) => mail.to !== ADMIN_EMAIL).at(-1)!;
  };
  const clearMails = async () => {
    await t.app.deliveries.drain();
    t.mails.length = 0;
  };

  const slots = async () => (await t.get('/api/consultations/slots')).json() as SlotsResponse;
  /** The first open slot at least `hours` from now. */
  const slotAfter = async (hours: number) => {
    const found = (await slots()).slots.find((slot) => Date.parse(slot) >= Date.now() + hours * HOUR);
    if (!found) throw new Error(`no open slot ${hours} hours ahead`);
    return found;
  };
  const book = (cookie: string | undefined, startsAt: string | undefined, extra: Record<string, unknown> = {}) =>
    send('POST', '/api/consultations', cookie, { tripId, startsAt, acknowledgedPolicy: true, ...extra });

  const makeTrip = async (status: 'published' | 'draft', title: string) => {
    const response = await send('POST', '/api/admin/trips', accounts.admin, {
      title: { en: title, mn: 'Монгол гарчиг' },
      summary: { en: '', mn: '' },
      description: { en: '', mn: '' },
      continent: 'asia',
      country: { en: 'Mongolia', mn: 'Монгол' },
      destination: { en: 'Gobi', mn: 'Говь' },
      type: 'group',
      tags: [],
      mealPlan: 'full-board',
      durationDays: 5,
      fare: 1000,
      capacity: 10,
      departureDates: [],
      stops: [],
      itinerary: [],
      status,
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as TripDetail).id;
  };

  beforeAll(async () => {
    tripId = await makeTrip('published', 'Gobi in Spring');
    draftId = await makeTrip('draft', 'Secret Draft');
  });

  describe('the back office only for admins', () => {
    itIsStaffOnly(t, () => accounts.traveller, [
      ['GET', '/api/admin/consultations'],
      ['GET', '/api/admin/consultations/calendar?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z'],
      ['GET', '/api/admin/consultations/00000000-0000-0000-0000-000000000000'],
      ['POST', '/api/admin/consultations/00000000-0000-0000-0000-000000000000/actions'],
      ['GET', '/api/admin/settings/consultation-hours'],
      ['PUT', '/api/admin/settings/consultation-hours'],
    ]);
  });

  describe('working hours', () => {
    it('offers weekday slots from 09:00 to 18:00 in Ulaanbaatar by default', async () => {
      const hours = await send('GET', '/api/admin/settings/consultation-hours', accounts.admin);
      expect(hours.json()).toMatchObject({ weekdays: [1, 2, 3, 4, 5], timeZone: 'Asia/Ulaanbaatar', slotMinutes: 30 });
      const open = await slots();
      expect(open.timeZone).toBe('Asia/Ulaanbaatar');
      expect(open.slots.length).toBeGreaterThan(100);
      for (const slot of open.slots) {
        const local = new Date(Date.parse(slot) + 8 * HOUR); // Ulaanbaatar is UTC+8 all year
        expect([1, 2, 3, 4, 5]).toContain(local.getUTCDay());
        const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
        expect(minutes).toBeGreaterThanOrEqual(540);
        expect(minutes + 30).toBeLessThanOrEqual(1080);
        expect(Date.parse(slot)).toBeGreaterThanOrEqual(Date.now() + 2 * HOUR - 60_000);
      }
    });

    it('refuses hours that make no sense and changes nothing', async () => {
      for (const bad of [
        { ...ALWAYS_OPEN, weekdays: [] },
        { ...ALWAYS_OPEN, weekdays: [8] },
        { ...ALWAYS_OPEN, dayStart: '25:00' },
        { ...ALWAYS_OPEN, dayStart: '12:00', dayEnd: '12:15' },
        { ...ALWAYS_OPEN, slotMinutes: 7 },
        { ...ALWAYS_OPEN, timeZone: 'Mars/Olympus' },
        { ...ALWAYS_OPEN, horizonDays: 0 },
      ]) {
        const response = await send('PUT', '/api/admin/settings/consultation-hours', accounts.admin, bad);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect((await send('GET', '/api/admin/settings/consultation-hours', accounts.admin)).json()).toMatchObject({
        weekdays: [1, 2, 3, 4, 5],
      });
    });

    it('follows what Settings saves', async () => {
      const saved = await send('PUT', '/api/admin/settings/consultation-hours', accounts.admin, ALWAYS_OPEN);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject(ALWAYS_OPEN);
      const open = await slots();
      expect(Date.parse(open.slots[0]!)).toBeLessThan(Date.now() + HOUR);
      expect(open.slots.length).toBeGreaterThan(30 * 46);
    });
  });

  describe('booking', () => {
    it('asks a signed-out visitor to log in, in their language', async () => {
      const response = await book(undefined, await slotAfter(72));
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ code: 'LOGIN_TO_BOOK', message: 'Please log in to book this trip' });
      const mn = await send('POST', '/api/consultations', undefined, { tripId }, { 'accept-language': 'mn' });
      expect(errorOf(mn).message).toBe('Аяллын зөвлөгөө товлохын тулд нэвтэрнэ үү');
    });

    it("answers the spec's messages for a missing time, an unticked policy and an unknown trip", async () => {
      const missing = await book(accounts.traveller, undefined);
      expect(missing.statusCode).toBe(400);
      expect(errorOf(missing)).toMatchObject({ code: 'SLOT_REQUIRED', message: 'Please select both date and time' });
      const unticked = await book(accounts.traveller, await slotAfter(72), { acknowledgedPolicy: false });
      expect(errorOf(unticked)).toMatchObject({
        code: 'POLICY_NOT_ACKNOWLEDGED',
        message: 'Please acknowledge the cancellation policy to proceed.',
      });
      for (const id of [draftId, '00000000-0000-0000-0000-000000000000', 'nonsense']) {
        const unknown = await book(accounts.traveller, await slotAfter(72), { tripId: id });
        expect(unknown.statusCode).toBe(404);
        expect(errorOf(unknown)).toMatchObject({ code: 'TRIP_UNAVAILABLE', message: 'Trip information not available' });
      }
    });

    it('refuses a time that is not an open slot', async () => {
      const slot = Date.parse(await slotAfter(72));
      for (const startsAt of [
        new Date(slot + 10 * 60_000).toISOString(), // between slots
        new Date(Date.now() - HOUR).toISOString(), // past
        new Date(Date.now() + 40 * 24 * HOUR).toISOString(), // beyond the horizon
        'tomorrow at ten',
      ]) {
        const response = await book(accounts.traveller, startsAt);
        expect(response.statusCode, startsAt).toBe(400);
        expect(errorOf(response).code).toBe('SLOT_UNAVAILABLE');
      }
      expect((await t.get('/api/consultations', { cookie: accounts.traveller })).json()).toEqual({ items: [] });
    });

    it('books an open slot, takes it off the list and mails a calendar invitation', async () => {
      const startsAt = await slotAfter(72);
      await clearMails();
      const response = await book(accounts.traveller, startsAt, {
        note: 'Can we bring a child?',
        timeZone: 'Europe/Berlin',
      });
      expect(response.statusCode).toBe(201);
      const booked = response.json() as Consultation;
      expect(booked).toMatchObject({
        startsAt,
        state: 'pending',
        note: 'Can we bring a child?',
        trip: { id: tripId, title: { en: 'Gobi in Spring' } },
        canCancel: true,
        canReschedule: true,
      });
      expect(Date.parse(booked.endsAt) - Date.parse(startsAt)).toBe(30 * 60_000);
      expect((await slots()).slots).not.toContain(startsAt);

      const mail = await lastMail();
      expect(mail.to).toBe('traveller@example.com');
      expect(mail.subject).toMatch(/^Consultation booked: /);
      expect(mail.text).toContain('Gobi in Spring');
      expect(mail.text).toContain('GMT+1'); // the traveller's own zone, Berlin in winter
      expect(mail.text).toContain('Cancel at least 24 hours ahead.');
      expect(mail.text).toContain('http://localhost:3000/consultations');
      const ics = mail.calendar!;
      expect(ics.method).toBe('REQUEST');
      expect(ics.content).toContain('METHOD:REQUEST');
      expect(ics.content).toContain(`UID:consultation-${booked.id}@aylal`);
      expect(ics.content).toContain(`DTSTART:${startsAt.replace(/[-:]/g, '').replace('.000', '')}`);
      expect(ics.content).toContain('ATTENDEE;CN="Bat Erdene"');
      expect(ics.content).toContain('STATUS:TENTATIVE'); // until staff confirm
      expect(ics.content.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

      // The slot is gone for everyone, and the same traveller books a trip once.
      const taken = await book(accounts.other, startsAt);
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken).code).toBe('SLOT_TAKEN');
      const again = await book(accounts.traveller, await slotAfter(100));
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).code).toBe('ALREADY_BOOKED');
    });

    it('gives a slot raced for by ten people to exactly one of them (the database decides)', async () => {
      const startsAt = await slotAfter(120);
      const racers = await Promise.all(Array.from({ length: 10 }, (_, index) => t.signUp(`racer${index}@example.com`)));
      const answers = await Promise.all(racers.map((cookie) => book(cookie, startsAt)));
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.statusCode === 409)) expect(errorOf(answer).code).toBe('SLOT_TAKEN');
      const rows = (await t.db.select().from(consultations)).filter((row) => row.startsAt.toISOString() === startsAt);
      expect(rows).toHaveLength(1);
    });

    it('refuses overlapping times in the database itself, whatever the code above it checks', async () => {
      const [row] = await t.db.select().from(consultations).limit(1);
      await expect(
        t.db.insert(consultations).values({
          userId: row!.userId,
          startsAt: new Date(row!.startsAt.getTime() + 10 * 60_000),
          endsAt: new Date(row!.endsAt.getTime() + 10 * 60_000),
        }),
      ).rejects.toThrow();
    });
  });

  describe("a traveller's own consultations", () => {
    let soon: Consultation;
    let tomorrow: Consultation;
    let later: Consultation;
    let soonTrip: string;
    let tomorrowTrip: string;

    beforeAll(async () => {
      soonTrip = await makeTrip('published', 'Soon Trip');
      tomorrowTrip = await makeTrip('published', 'Tomorrow Trip');
      soon = (await book(accounts.other, await slotAfter(1), { tripId: soonTrip })).json() as Consultation;
      tomorrow = (await book(accounts.other, await slotAfter(30), { tripId: tomorrowTrip })).json() as Consultation;
      later = (await book(accounts.other, await slotAfter(200))).json() as Consultation;
    });

    it('lists only my own, soonest first, with what the policy still allows', async () => {
      const mine = (await t.get('/api/consultations', { cookie: accounts.other })).json() as MyConsultationsResponse;
      expect(mine.items.map((item) => item.id)).toEqual([soon.id, tomorrow.id, later.id]);
      expect(mine.items.map((item) => [item.canCancel, item.canReschedule])).toEqual([
        [false, false],
        [true, false],
        [true, true],
      ]);
      const theirs = (
        await t.get('/api/consultations', { cookie: accounts.traveller })
      ).json() as MyConsultationsResponse;
      expect(theirs.items.map((item) => item.id)).not.toContain(soon.id);
      expect((await t.get('/api/consultations')).statusCode).toBe(401);
    });

    it("never touches someone else's consultation", async () => {
      const cancel = await send('POST', `/api/consultations/${later.id}/cancel`, accounts.traveller);
      expect(cancel.statusCode).toBe(404);
      expect(errorOf(cancel).code).toBe('CONSULTATION_NOT_FOUND');
      const move = await send('POST', `/api/consultations/${later.id}/reschedule`, accounts.traveller, {
        startsAt: await slotAfter(300),
      });
      expect(move.statusCode).toBe(404);
    });

    it('refuses to cancel less than 24 hours ahead, with a clear message', async () => {
      const response = await send('POST', `/api/consultations/${soon.id}/cancel`, accounts.other);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: 'CANCEL_TOO_LATE',
        message: 'A consultation can be cancelled only at least 24 hours ahead. Please contact us.',
      });
    });

    it('refuses to reschedule less than 48 hours before', async () => {
      const response = await send('POST', `/api/consultations/${tomorrow.id}/reschedule`, accounts.other, {
        startsAt: await slotAfter(300),
      });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('RESCHEDULE_TOO_LATE');
    });

    it('reschedules to another open slot: the old one opens, the new one is taken, staff confirm again', async () => {
      const target = await slotAfter(300);
      await clearMails();
      const taken = await send('POST', `/api/consultations/${later.id}/reschedule`, accounts.other, {
        startsAt: (await t.db.select().from(consultations))
          .find((row) => row.userId !== '' && row.id !== later.id)!
          .startsAt.toISOString(),
      });
      expect([400, 409]).toContain(taken.statusCode);
      const missing = await send('POST', `/api/consultations/${later.id}/reschedule`, accounts.other, {});
      expect(errorOf(missing).code).toBe('SLOT_REQUIRED');

      const response = await send('POST', `/api/consultations/${later.id}/reschedule`, accounts.other, {
        startsAt: target,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ startsAt: target, state: 'pending' });
      const open = (await slots()).slots;
      expect(open).toContain(later.startsAt);
      expect(open).not.toContain(target);
      expect((await lastMail()).subject).toMatch(/^Consultation moved: /);
      expect((await lastMail()).calendar!.content).toContain('SEQUENCE:1');
      later = response.json() as Consultation;
    });

    it('cancels 24 hours ahead or more, frees the slot and mails a cancellation', async () => {
      await clearMails();
      const response = await send('POST', `/api/consultations/${tomorrow.id}/cancel`, accounts.other);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ state: 'cancelled', canCancel: false, canReschedule: false });
      expect((await slots()).slots).toContain(tomorrow.startsAt);
      const mail = await lastMail();
      expect(mail.subject).toMatch(/^Consultation cancelled: /);
      expect(mail.calendar).toMatchObject({ method: 'CANCEL' });
      expect(mail.calendar!.content).toContain('STATUS:CANCELLED');

      const again = await send('POST', `/api/consultations/${tomorrow.id}/cancel`, accounts.other);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).code).toBe('CONSULTATION_CLOSED');
      // Cancelled, the trip can be booked again.
      expect((await book(accounts.other, await slotAfter(240), { tripId: tomorrowTrip })).statusCode).toBe(201);
    });
  });

  describe('the back office', () => {
    let past: string;
    let pastStart: Date;

    beforeAll(async () => {
      // A consultation whose time has come (booked earlier, when it was still ahead).
      const [user] = await t.db.select().from(consultations).limit(1);
      const pastTrip = await makeTrip('published', 'Past Trip');
      const start = new Date(Math.floor((Date.now() - 2 * HOUR) / 1_800_000) * 1_800_000);
      const [row] = await t.db
        .insert(consultations)
        .values({
          userId: user!.userId,
          tripId: pastTrip,
          tripTitleEn: 'Past Trip',
          tripTitleMn: 'Өнгөрсөн аялал',
          startsAt: start,
          endsAt: new Date(start.getTime() + 30 * 60_000),
          state: 'confirmed',
        })
        .returning();
      past = row!.id;
      pastStart = start;
    });

    const list = async (query: string) => {
      const response = await send('GET', `/api/admin/consultations${query}`, accounts.admin);
      expect(response.statusCode).toBe(200);
      return response.json() as AdminConsultationsResponse;
    };
    const act = (id: string, action: string, note = '') =>
      send('POST', `/api/admin/consultations/${id}/actions`, accounts.admin, { action, note });

    it('lists with filters by state, date, trip and traveller', async () => {
      const all = await list('?pageSize=100');
      expect(all.total).toBeGreaterThanOrEqual(6);
      expect(all.items[0]!.user.email).toBeTruthy();
      const starts = all.items.map((item) => item.startsAt);
      expect(starts).toEqual([...starts].sort());

      expect((await list('?state=cancelled')).items.every((item) => item.state === 'cancelled')).toBe(true);
      expect((await list('?state=cancelled')).total).toBe(1);
      const byTrip = await list(`?tripId=${tripId}&pageSize=100`);
      expect(byTrip.items.every((item) => item.trip?.id === tripId)).toBe(true);
      const byName = await list('?q=bat%20erdene');
      expect(new Set(byName.items.map((item) => item.user.email))).toEqual(new Set(['traveller@example.com']));
      // A trip's Mongolian title, typed in another case (the C locale's lower() leaves Cyrillic be).
      const tripMn = all.items.find((item) => item.trip?.title.mn)?.trip?.title.mn;
      if (!tripMn) throw new Error('a consultation with a Mongolian trip title');
      const byMnTitle = await list(`?q=${encodeURIComponent(tripMn.toLocaleUpperCase())}&pageSize=100`);
      expect(byMnTitle.total).toBeGreaterThan(0);
      // The agency's day of the past consultation (Ulaanbaatar, UTC+8): from 16:00 UTC on, two
      // hours ago can be yesterday there.
      const today = new Date(pastStart.getTime() + 8 * HOUR).toISOString().slice(0, 10);
      const todays = await list(`?from=${today}&to=${today}&pageSize=100`);
      expect(todays.items.map((item) => item.id)).toContain(past);
      expect(todays.items.every((item) => item.startsAt < new Date(Date.now() + 30 * HOUR).toISOString())).toBe(true);
      for (const bad of ['?state=lost', '?from=2026-13-01', '?from=2026-12-02&to=2026-12-01', '?tripId=x', '?page=0'])
        expect((await send('GET', `/api/admin/consultations${bad}`, accounts.admin)).statusCode, bad).toBe(400);
    });

    it('confirms a pending one with a note, mails the traveller and keeps the history', async () => {
      const [pending] = (await list('?state=pending&q=traveller')).items;
      await clearMails();
      const response = await act(pending!.id, 'confirm', 'Called to confirm.');
      expect(response.statusCode).toBe(200);
      const detail = response.json() as AdminConsultationDetail;
      expect(detail.state).toBe('confirmed');
      expect(detail.events.map((event) => [event.kind, event.note])).toEqual([
        ['booked', ''],
        ['confirmed', 'Called to confirm.'],
      ]);
      expect(detail.events[1]!.actor).toEqual({ name: 'Agency Admin', isStaff: true });
      expect((await lastMail()).subject).toMatch(/^Consultation confirmed: /);
      expect((await lastMail()).calendar!.content).toContain('STATUS:CONFIRMED');
      const twice = await act(pending!.id, 'confirm');
      expect(twice.statusCode).toBe(409);
      expect(errorOf(twice).code).toBe('ACTION_NOT_ALLOWED');
    });

    it('completes or marks a no-show only once the time has come', async () => {
      const [upcoming] = (await list('?state=confirmed&q=traveller')).items.filter((item) => item.id !== past);
      const early = await act(upcoming!.id, 'complete');
      expect(early.statusCode).toBe(409);
      expect(errorOf(early).code).toBe('ACTION_NOT_ALLOWED');
      expect(errorOf(await act(upcoming!.id, 'no-show')).code).toBe('ACTION_NOT_ALLOWED');

      const done = await act(past, 'no-show', 'Did not answer the phone.');
      expect(done.statusCode).toBe(200);
      expect((done.json() as AdminConsultationDetail).state).toBe('no-show');
      expect(errorOf(await act(past, 'complete')).code).toBe('ACTION_NOT_ALLOWED');
      expect(errorOf(await act(past, 'cancel')).code).toBe('ACTION_NOT_ALLOWED');
    });

    it('cancels at any time, adds notes alone, and refuses an empty note', async () => {
      const [upcoming] = (await list('?state=confirmed&q=traveller')).items;
      await clearMails();
      const cancelled = await act(upcoming!.id, 'cancel', 'The traveller phoned to cancel.');
      expect((cancelled.json() as AdminConsultationDetail).state).toBe('cancelled');
      expect((await lastMail()).calendar!.method).toBe('CANCEL');

      const noted = await act(upcoming!.id, 'note', 'Offered another date by phone.');
      expect((noted.json() as AdminConsultationDetail).events.at(-1)).toMatchObject({
        kind: 'note',
        note: 'Offered another date by phone.',
      });
      expect((await act(upcoming!.id, 'note', '   ')).statusCode).toBe(400);
      expect((await act(upcoming!.id, 'archive')).statusCode).toBe(400);
      expect((await act('00000000-0000-0000-0000-000000000000', 'confirm')).statusCode).toBe(404);
      expect((await act('not-an-id', 'confirm')).statusCode).toBe(404);
    });

    it('refuses a state change made on an out-of-date view, after the traveller moved it', async () => {
      const pending = (await list('?state=pending&q=other')).items.find(
        (item) => Date.parse(item.startsAt) > Date.now() + 49 * HOUR,
      );
      const seen = pending!.version;
      const move = await send('POST', `/api/consultations/${pending!.id}/reschedule`, accounts.other, {
        startsAt: await slotAfter(500),
      });
      expect(move.statusCode).toBe(200);
      const stale = await send('POST', `/api/admin/consultations/${pending!.id}/actions`, accounts.admin, {
        action: 'confirm',
        note: '',
        version: seen,
      });
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale).code).toBe('CONSULTATION_CHANGED');
      const fresh = await send('POST', `/api/admin/consultations/${pending!.id}/actions`, accounts.admin, {
        action: 'confirm',
        note: '',
        version: seen + 1,
      });
      expect(fresh.statusCode).toBe(200);
    });

    it('lets a traveller book a trip again once the earlier consultation about it has ended', async () => {
      // `past` (Past Trip) ended two hours ago, still confirmed; a new one about the same trip is fine.
      const [row] = await t.db.select().from(consultations).where(eq(consultations.id, past));
      const owner =
        row!.userId === (await t.db.select().from(consultations).limit(1))[0]!.userId
          ? accounts.traveller
          : accounts.other;
      const again = await book(owner, await slotAfter(600), { tripId: row!.tripId });
      expect(again.statusCode).toBe(201);
    });

    it('refuses dates PostgreSQL cannot take, without a 500', async () => {
      for (const query of [
        '/api/admin/consultations?from=0000-01-01',
        '/api/admin/consultations?to=0000-12-31',
        '/api/admin/consultations/calendar?from=0000-01-01T00:00:00Z&to=0000-01-02T00:00:00Z',
      ]) {
        const response = await send('GET', query, accounts.admin);
        expect(response.statusCode, query).toBe(400);
        expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      }
      // An offset PostgreSQL would refuse is read by the server itself, and works.
      const offset = encodeURIComponent('2026-01-01T00:00:00+23:59');
      expect(
        (await send('GET', `/api/admin/consultations/calendar?from=${offset}&to=2026-01-02T00:00:00Z`, accounts.admin))
          .statusCode,
      ).toBe(200);
    });

    it('answers the calendar for a range of at most 62 days', async () => {
      const from = new Date(Date.now() - 24 * HOUR).toISOString();
      const to = new Date(Date.now() + 31 * 24 * HOUR).toISOString();
      const response = await send('GET', `/api/admin/consultations/calendar?from=${from}&to=${to}`, accounts.admin);
      expect(response.statusCode).toBe(200);
      const calendar = response.json() as CalendarResponse;
      expect(calendar.items.map((item) => item.id)).toContain(past);
      expect(calendar.items.every((item) => item.startsAt >= from && item.startsAt < to)).toBe(true);
      const tooLong = new Date(Date.now() + 90 * 24 * HOUR).toISOString();
      for (const query of [`from=${from}&to=${tooLong}`, `from=${to}&to=${from}`, 'from=yesterday&to=today'])
        expect((await send('GET', `/api/admin/consultations/calendar?${query}`, accounts.admin)).statusCode).toBe(400);
    });

    it('keeps a consultation readable when its trip is deleted', async () => {
      const doomed = await makeTrip('published', 'Doomed Trip');
      const booked = (await book(accounts.traveller, await slotAfter(400), { tripId: doomed })).json() as Consultation;
      expect((await send('DELETE' as 'POST', `/api/admin/trips/${doomed}`, accounts.admin)).statusCode).toBe(204);
      const mine = (
        await t.get('/api/consultations', { cookie: accounts.traveller })
      ).json() as MyConsultationsResponse;
      expect(mine.items.find((item) => item.id === booked.id)!.trip).toEqual({
        id: null,
        title: { en: 'Doomed Trip', mn: 'Монгол гарчиг' },
      });
    });
  });
});
