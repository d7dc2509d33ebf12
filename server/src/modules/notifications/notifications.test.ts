import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { NotificationPage } from '@aylal/shared/notifications';
import type { Consultation } from '@aylal/shared/schemas/consultations';
import type { JobDetail } from '@aylal/shared/schemas/jobs';
import { users } from '../../db/schema/auth.ts';
import { consultations } from '../../db/schema/consultations.ts';
import { outbox } from '../../db/schema/mail.ts';
import { notifications, profiles, pushDeliveries, pushSubscriptions } from '../../db/schema/notifications.ts';
import { ADMIN_EMAIL, createTestApp, errorOf, type TestApp } from '../../../test/helpers.ts';
import { jobInput } from '../../../test/jobs.ts';
import { minimalCv } from '../../../test/cv.ts';
import {
  bookConsultation,
  eventually,
  listenToNotifications,
  prepareBooking,
  slotAfter,
} from '../../../test/notifications.ts';
import { Notifier } from './notify.ts';

describe('notifications', () => {
  let t: TestApp;
  let notifier: Notifier;
  let admin: string;
  let traveller: string;
  let travellerId: string;
  let adminId: string;
  let tripId: string;

  const page = async (url: string, cookie: string) => {
    const response = await t.get(url, { cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as NotificationPage;
  };
  const idOf = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  beforeAll(async () => {
    // The privacy test's devices are at push.invalid: on the list, so they wait (no DNS) rather than go.
    t = await createTestApp({ PUSH_SERVICE_HOSTS: 'push.invalid' });
    notifier = new Notifier({ publicUrl: t.config.PUBLIC_URL });
    admin = await t.signUp(ADMIN_EMAIL, undefined, 'Agency Admin');
    traveller = await t.signUp('traveller@example.com', undefined, 'Bat Erdene');
    travellerId = await idOf('traveller@example.com');
    adminId = await idOf(ADMIN_EMAIL);
    tripId = await prepareBooking(t, admin);
  });
  afterAll(() => t.close());

  describe('written with the change', () => {
    it('writes the traveller’s and the staff’s notifications and their emails in the booking’s own transaction', async () => {
      const listener = await listenToNotifications(t.config.DATABASE_URL!);
      try {
        const startsAt = await slotAfter(t, 72);
        const response = await bookConsultation(t, traveller, tripId, startsAt);
        expect(response.statusCode).toBe(201);
        const booked = response.json() as Consultation;
        const [row] = await t.db.select().from(consultations).where(eq(consultations.id, booked.id));

        const written = await t.db
          .select()
          .from(notifications)
          .where(sql`${notifications.params}->>'startsAt' = ${startsAt}`);
        expect(written.map((n) => [n.type, n.audience, n.recipientId]).sort()).toEqual([
          ['consultationBooked', 'user', travellerId],
          ['staffConsultationBooked', 'staff', null],
        ]);
        // now() is the transaction's start: the same instant means the same transaction.
        for (const notification of written) {
          expect(notification.createdAt.getTime()).toBe(row!.createdAt.getTime());
          expect(notification.params).toMatchObject({ trip: { en: 'Gobi in Spring' }, startsAt });
        }
        const staff = written.find((n) => n.audience === 'staff')!;
        expect(staff.params).toMatchObject({ name: 'Bat Erdene' });
        expect(staff.link).toBe(`/admin/consultations?open=${booked.id}`);
        expect(written.find((n) => n.audience === 'user')!.link).toBe('/consultations');

        const mails = await t.db
          .select()
          .from(outbox)
          .where(
            sql`${outbox.notificationId} in (${sql.join(
              written.map((n) => sql`${n.id}::uuid`),
              sql`, `,
            )})`,
          );
        expect(mails.map((mail) => mail.to).sort()).toEqual([ADMIN_EMAIL, 'traveller@example.com']);
        for (const mail of mails) expect(mail.createdAt.getTime()).toBe(row!.createdAt.getTime());
        const travellers = mails.find((mail) => mail.to === 'traveller@example.com')!;
        expect(travellers.calendarMethod).toBe('REQUEST');
        expect(travellers.messageId).toBe(`<notification-${travellers.notificationId}@aylal>`);
        expect(travellers.text).toContain('You receive this email because of your notification settings');
        const staffMail = mails.find((mail) => mail.to === ADMIN_EMAIL)!;
        expect(staffMail.subject).toBe('New consultation');
        expect(staffMail.text).toContain(`http://localhost:3000/admin/consultations?open=${booked.id}`);

        // Told to the live streams at commit.
        await eventually(async () => listener.messages.length >= 2);
        expect(listener.messages).toEqual(
          expect.arrayContaining([
            { kind: 'new', id: staff.id, userId: null },
            { kind: 'new', id: written.find((n) => n.audience === 'user')!.id, userId: travellerId },
          ]),
        );
      } finally {
        await listener.close();
      }
    });

    it('writes a traveller without a profile in the language they booked in: the email, its footer and the push alike', async () => {
      const otherTrip = await prepareBooking(t, admin, 'Khövsgöl in Summer');
      const startsAt = await slotAfter(t, 72, 3);
      const response = await t.send('POST', '/api/consultations', {
        cookie: traveller,
        body: { tripId: otherTrip, startsAt, acknowledgedPolicy: true },
        headers: { 'accept-language': 'mn' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const [own] = await t.db
        .select()
        .from(notifications)
        .where(sql`${notifications.params}->>'startsAt' = ${startsAt} and ${notifications.audience} = 'user'`);
      const [mail] = await t.db.select().from(outbox).where(eq(outbox.notificationId, own!.id));
      expect(mail!.text).toContain('Та мэдэгдлийн тохиргооныхоо дагуу');
      expect(mail!.text).not.toContain('You receive this email');
    });

    it('writes nothing, and tells nobody, when the change fails', async () => {
      const listener = await listenToNotifications(t.config.DATABASE_URL!);
      try {
        const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
        const outboxBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
        // Refused: the traveller already has an upcoming consultation about this trip.
        const again = await bookConsultation(t, traveller, tripId, await slotAfter(t, 100));
        expect(errorOf(again).code).toBe('ALREADY_BOOKED');
        // And a change that fails after notify ran: the notification goes with it.
        await expect(
          t.db.transaction(async (tx) => {
            await notifier.notify(tx, {
              type: 'consultationConfirmed',
              recipientId: travellerId,
              params: { trip: { en: 'Doomed', mn: '' } },
              link: '/consultations',
              actorId: adminId,
            });
            throw new Error('the change fails');
          }),
        ).rejects.toThrow('the change fails');
        expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications)).toEqual(before);
        expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox)).toEqual(outboxBefore);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(listener.messages).toEqual([]);
      } finally {
        await listener.close();
      }
    });

    it('tells the staff, not the traveller, of the traveller’s own cancellation, and drops it from their calendar', async () => {
      const [mine] = (await t.get('/api/consultations', { cookie: traveller })).json().items as Consultation[];
      await t.app.deliveries.drain();
      t.mails.length = 0;
      const response = await t.send('POST', `/api/consultations/${mine!.id}/cancel`, { cookie: traveller });
      expect(response.statusCode).toBe(200);
      const types = await t.db
        .select({ type: notifications.type })
        .from(notifications)
        .where(
          sql`${notifications.link} like ${`%${mine!.id}%`} or ${notifications.params}->>'startsAt' = ${mine!.startsAt}`,
        );
      expect(types.map((row) => row.type).sort()).toEqual([
        'consultationBooked',
        'staffConsultationBooked',
        'staffConsultationCancelled',
      ]);
      await t.app.deliveries.drain();
      const travellerMail = t.mails.find((mail) => mail.to === 'traveller@example.com')!;
      expect(travellerMail.calendar).toMatchObject({ method: 'CANCEL' });
      expect(t.mails.find((mail) => mail.to === ADMIN_EMAIL)!.subject).toBe('Consultation cancelled');
    });

    it('tells the traveller when staff confirm, cancel or complete, never the staff member of their own act', async () => {
      const other = await t.signUp('second@example.com', undefined, 'Second Traveller');
      const otherId = await idOf('second@example.com');
      const booked = (await bookConsultation(t, other, tripId, await slotAfter(t, 80))).json() as Consultation;
      const act = (action: string) =>
        t.send('POST', `/api/admin/consultations/${booked.id}/actions`, { cookie: admin, body: { action } });
      expect((await act('confirm')).statusCode).toBe(200);
      expect((await act('cancel')).statusCode).toBe(200);
      const mine = await page('/api/notifications', other);
      expect(mine.items.map((item) => item.type)).toEqual([
        'consultationCancelled',
        'consultationConfirmed',
        'consultationBooked',
      ]);
      expect(await t.db.select().from(notifications).where(eq(notifications.recipientId, adminId))).toEqual([]);
      expect(mine.items.every((item) => item.link === '/consultations')).toBe(true);
      await t.db.delete(notifications).where(eq(notifications.recipientId, otherId));
    });

    it('tells the staff of a job application and the applicant of each change of its state', async () => {
      const job = (await t.send('POST', '/api/admin/jobs', { cookie: admin, body: jobInput() })).json() as JobDetail;
      const seekers = [] as { cookie: string; id: string }[];
      for (const name of ['one', 'two']) {
        const cookie = await t.signUp(`seeker-${name}@example.com`, undefined, `Seeker ${name}`);
        expect((await t.send('PUT', '/api/cv', { cookie, body: minimalCv() })).statusCode).toBe(201);
        expect((await t.send('POST', `/api/jobs/${job.id}/applications`, { cookie })).statusCode).toBe(201);
        seekers.push({ cookie, id: await idOf(`seeker-${name}@example.com`) });
      }
      const staff = await page('/api/admin/notifications', admin);
      expect(staff.items.slice(0, 2)).toMatchObject([
        {
          type: 'staffApplicationReceived',
          params: { name: 'Seeker two', job: jobInput().title },
          link: `/admin/cv?jobId=${job.id}`,
        },
        { type: 'staffApplicationReceived', params: { name: 'Seeker one' } },
      ]);

      const applications = (await t.get(`/api/admin/applications?jobId=${job.id}`, { cookie: admin })).json().items as {
        id: string;
        applicant: { name: string };
      }[];
      const one = applications.find((a) => a.applicant.name === 'Solongo Erdene')!;
      expect(
        (await t.send('PATCH', `/api/admin/applications/${one.id}`, { cookie: admin, body: { state: 'reviewing' } }))
          .statusCode,
      ).toBe(200);
      const bulk = await t.send('POST', '/api/admin/applications/state', {
        cookie: admin,
        body: { ids: applications.map((a) => a.id), state: 'reviewing' },
      });
      expect(bulk.json()).toEqual({ updated: 2 });
      // Each applicant told once: the second move changed only the other application.
      for (const seeker of seekers) {
        const mine = await page('/api/notifications', seeker.cookie);
        expect(mine.items).toHaveLength(1);
        expect(mine.items[0]).toMatchObject({
          type: 'applicationStateChanged',
          params: { state: 'reviewing', job: jobInput().title },
          link: '/applications',
          read: false,
        });
      }
    });
  });

  describe('the API', () => {
    let reader: string;
    let readerId: string;
    let ids: string[];

    beforeAll(async () => {
      reader = await t.signUp('reader@example.com', undefined, 'Reader');
      readerId = await idOf('reader@example.com');
      ids = [];
      for (let n = 0; n < 25; n++) {
        ids.push(
          (await t.db.transaction((tx) =>
            notifier.notify(tx, {
              type: 'applicationStateChanged',
              recipientId: readerId,
              params: { job: { en: `Job ${n}`, mn: '' }, state: 'reviewing' },
              link: '/applications',
              actorId: adminId,
            }),
          ))!,
        );
      }
    });

    it('pages the reader’s own, newest first, with the unread count', async () => {
      const first = await page('/api/notifications?page=1&pageSize=10', reader);
      expect(first).toMatchObject({ total: 25, unread: 25, page: 1, pageSize: 10 });
      expect(first.items.map((item) => item.id)).toEqual(ids.slice(-10).reverse());
      expect(first.items[0]!.seq).toBeGreaterThan(first.items[1]!.seq);
      const last = await page('/api/notifications?page=3&pageSize=10', reader);
      expect(last.items.map((item) => item.id)).toEqual(ids.slice(0, 5).reverse());
      expect((await t.get('/api/notifications?pageSize=500', { cookie: reader })).statusCode).toBe(400);
      expect((await t.get('/api/notifications?unread=maybe', { cookie: reader })).statusCode).toBe(400);
      expect((await t.get('/api/notifications')).statusCode).toBe(401);
    });

    it('marks one read (only one’s own), and all read', async () => {
      const listener = await listenToNotifications(t.config.DATABASE_URL!);
      try {
        expect((await t.send('POST', `/api/notifications/${ids[3]}/read`, { cookie: reader })).statusCode).toBe(204);
        const unread = await page('/api/notifications?unread=true&pageSize=100', reader);
        expect(unread).toMatchObject({ total: 24, unread: 24 });
        expect(unread.items.map((item) => item.id)).not.toContain(ids[3]);
        const all = await page('/api/notifications?pageSize=100', reader);
        expect(all.items.find((item) => item.id === ids[3])!.read).toBe(true);
        await eventually(async () => listener.messages.some((m) => m.kind === 'counts' && m.userId === readerId));

        // Someone else's, or no notification at all: not found, and nothing changes.
        const [travellers] = await t.db.select().from(notifications).where(eq(notifications.recipientId, travellerId));
        const foreign = await t.send('POST', `/api/notifications/${travellers!.id}/read`, { cookie: reader });
        expect(foreign.statusCode).toBe(404);
        expect(errorOf(foreign).code).toBe('NOTIFICATION_NOT_FOUND');
        expect((await t.send('POST', '/api/notifications/not-a-uuid/read', { cookie: reader })).statusCode).toBe(404);
        const [staffOne] = await t.db.select().from(notifications).where(eq(notifications.audience, 'staff'));
        expect((await t.send('POST', `/api/notifications/${staffOne!.id}/read`, { cookie: admin })).statusCode).toBe(
          404,
        );
        const [again] = await t.db.select().from(notifications).where(eq(notifications.id, travellers!.id));
        expect(again!.readAt).toBeNull();

        expect((await t.send('POST', '/api/notifications/read-all', { cookie: reader })).statusCode).toBe(204);
        expect(await page('/api/notifications', reader)).toMatchObject({ total: 25, unread: 0 });
        expect((await page('/api/notifications?unread=true', reader)).items).toEqual([]);
      } finally {
        await listener.close();
      }
    });

    it('refuses the staff feed to anyone but admins', async () => {
      for (const [method, url, body] of [
        ['GET', '/api/admin/notifications', undefined],
        ['POST', '/api/admin/notifications/read', { ids: [ids[0]], read: true }],
        ['POST', '/api/admin/notifications/delete', { ids: [ids[0]] }],
      ] as const) {
        expect((await t.send(method, url, { body })).statusCode).toBe(401);
        const asUser = await t.send(method, url, { cookie: reader, body });
        expect(asUser.statusCode).toBe(403);
        expect(errorOf(asUser).code).toBe('FORBIDDEN');
      }
    });

    it('keeps read state per admin, and deletes from the staff feed for every admin', async () => {
      const colleague = await t.signUp('colleague@example.com', undefined, 'Colleague');
      const colleagueId = await idOf('colleague@example.com');
      await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, colleagueId));
      const staffIds: string[] = [];
      for (let n = 0; n < 3; n++) {
        staffIds.push(
          (await t.db.transaction((tx) =>
            notifier.notify(tx, {
              type: 'staffApplicationReceived',
              params: { name: `Applicant ${n}`, job: { en: 'Welder', mn: 'Гагнуурчин' } },
              link: '/admin/cv',
              actorId: readerId,
            }),
          ))!,
        );
      }
      const mineBefore = await page('/api/admin/notifications', admin);
      const theirsBefore = await page('/api/admin/notifications', colleague);
      expect(theirsBefore.items.slice(0, 3).map((item) => item.id)).toEqual([...staffIds].reverse());

      const listener = await listenToNotifications(t.config.DATABASE_URL!);
      try {
        const read = await t.send('POST', '/api/admin/notifications/read', {
          cookie: admin,
          body: { ids: staffIds.slice(0, 2), read: true },
        });
        expect(read.statusCode).toBe(204);
        const mine = await page('/api/admin/notifications', admin);
        expect(mine.unread).toBe(mineBefore.unread - 2);
        expect(mine.items.filter((item) => staffIds.includes(item.id)).map((item) => item.read)).toEqual([
          false,
          true,
          true,
        ]);
        // The colleague has not read them.
        expect((await page('/api/admin/notifications', colleague)).unread).toBe(theirsBefore.unread);
        expect((await page('/api/admin/notifications?unread=true', admin)).items.map((i) => i.id)).not.toContain(
          staffIds[0],
        );
        await eventually(async () => listener.messages.some((m) => m.kind === 'counts' && m.userId === adminId));

        // Unread again; reading twice is harmless; a person's notification is not the staff's to read.
        await t.send('POST', '/api/admin/notifications/read', {
          cookie: admin,
          body: { ids: [staffIds[0]], read: false },
        });
        await t.send('POST', '/api/admin/notifications/read', {
          cookie: admin,
          body: { ids: [staffIds[1]], read: true },
        });
        await t.send('POST', '/api/admin/notifications/read', { cookie: admin, body: { ids: [ids[0]], read: true } });
        expect((await page('/api/admin/notifications', admin)).unread).toBe(mineBefore.unread - 1);
        expect(
          (await t.send('POST', '/api/admin/notifications/read', { cookie: admin, body: { ids: ['x'], read: true } }))
            .statusCode,
        ).toBe(400);
        expect(
          (await t.send('POST', '/api/admin/notifications/delete', { cookie: admin, body: { ids: [] } })).statusCode,
        ).toBe(400);

        // Deleted for both admins; a person's own notification is not the staff feed's to delete.
        const deleted = await t.send('POST', '/api/admin/notifications/delete', {
          cookie: admin,
          body: { ids: [staffIds[0], staffIds[1], ids[0]] },
        });
        expect(deleted.json()).toEqual({ deleted: 2 });
        for (const cookie of [admin, colleague]) {
          const feed = await page('/api/admin/notifications?pageSize=100', cookie);
          expect(feed.items.map((item) => item.id)).not.toContain(staffIds[0]);
          expect(feed.items.map((item) => item.id)).toContain(staffIds[2]);
        }
        expect((await page('/api/admin/notifications', colleague)).unread).toBe(theirsBefore.unread - 2);
        expect(await t.db.select().from(notifications).where(eq(notifications.id, ids[0]!))).toHaveLength(1);
        await eventually(async () => listener.messages.some((m) => m.kind === 'counts' && m.userId === null));
      } finally {
        await listener.close();
      }
    });
  });

  describe('privacy', () => {
    it('never puts an email address or a phone number in a notification, a push or a subject', async () => {
      const phone = '+976 9911 2233';
      const cookie = await t.signUp('private.person@example.com', undefined, 'Private Person');
      const id = await idOf('private.person@example.com');
      await t.db
        .insert(profiles)
        .values({ userId: id, email: 'private.person@example.com', phone, pushNotifications: true });
      await t.db
        .insert(pushSubscriptions)
        .values({ userId: id, endpoint: 'https://push.invalid/private', p256dh: 'k', auth: 'a' });
      const adminSubscription = { userId: adminId, endpoint: 'https://push.invalid/admin', p256dh: 'k', auth: 'a' };
      await t.db.insert(pushSubscriptions).values(adminSubscription);
      expect((await bookConsultation(t, cookie, tripId, await slotAfter(t, 90, 3))).statusCode).toBe(201);

      const everyNotification = JSON.stringify(await t.db.select().from(notifications));
      const everyPush = JSON.stringify(await t.db.select({ payload: pushDeliveries.payload }).from(pushDeliveries));
      expect(everyPush).toContain('Private Person'); // the staff's push names who booked
      const subjects = (await t.db.select({ subject: outbox.subject }).from(outbox)).map((row) => row.subject);
      for (const text of [everyNotification, everyPush, subjects.join('\n')]) {
        expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
        expect(text).not.toContain(phone);
        expect(text).not.toContain('99112233');
      }
      expect(subjects.join('\n')).not.toContain('Private Person');
    });
  });
});
