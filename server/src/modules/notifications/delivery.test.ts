import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Consultation } from '@aylal/shared/schemas/consultations';
import { buildApp } from '../../app.ts';
import { users } from '../../db/schema/auth.ts';
import { outbox } from '../../db/schema/mail.ts';
import { notifications, pushDeliveries, pushSubscriptions } from '../../db/schema/notifications.ts';
import type { PushOutcome, PushPayload, PushSender, PushSubscriptionKeys } from '../../delivery/push-sender.ts';
import { backoffMs } from '../../delivery/worker.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp, RESET_PAGE } from '../../../test/helpers.ts';
import { SmtpSink } from '../../../test/smtp-sink.ts';
import { bookConsultation, eventually, prepareBooking, slotAfter } from '../../../test/notifications.ts';

describe('the delivery queue: email over real SMTP', () => {
  const sink = new SmtpSink();
  let t: TestApp;
  let admin: string;
  let traveller: string;
  let tripId: string;

  const unsent = () =>
    t.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt)));

  beforeAll(async () => {
    await sink.start();
    t = await createTestApp(
      { SMTP_URL: sink.url },
      { realMail: true, delivery: { pollMs: 200, retryBaseMs: 150, maxAttempts: 50 } },
    );
    admin = await t.signUp(ADMIN_EMAIL, undefined, 'Agency Admin');
    traveller = await t.signUp('traveller@example.com', undefined, 'Bat Erdene');
    tripId = await prepareBooking(t, admin);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('sends every email exactly once when the mail server was away during the changes', async () => {
    await t.app.deliveries.drain();
    const since = new Date();
    // What went before (the sign-ups' address checks) is not this test's.
    const sentBefore = sink.messages.length;
    await sink.stop();

    // Three changes: a booking (the traveller's and the staff's emails), staff confirming it, a
    // password reset (Better Auth's email, queued like the rest).
    const booked = (await bookConsultation(t, traveller, tripId, await slotAfter(t, 72))).json() as Consultation;
    const confirmed = await t.send('POST', `/api/admin/consultations/${booked.id}/actions`, {
      cookie: admin,
      body: { action: 'confirm' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(
      (await t.authPost('/request-password-reset', { email: 'traveller@example.com', redirectTo: RESET_PAGE }))
        .statusCode,
    ).toBe(200);
    const queued = await t.db.select().from(outbox).where(gt(outbox.createdAt, since));
    expect(queued).toHaveLength(4);

    // The worker tries, fails and backs off while the server is away.
    await eventually(async () => {
      const tried = await t.db
        .select()
        .from(outbox)
        .where(and(gt(outbox.createdAt, since), gt(outbox.attempts, 1), isNotNull(outbox.error)));
      return tried.length === 4;
    });
    expect(sink.messages.slice(sentBefore).filter((message) => message.to.length)).toHaveLength(0);
    const waiting = await t.db.select().from(outbox).where(gt(outbox.createdAt, since));
    for (const row of waiting) {
      expect(row.sentAt).toBeNull();
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
    }

    await sink.start();
    await eventually(async () => (await unsent()).length === 0);
    // Nothing more comes: each message once.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const sent = sink.messages.slice(sentBefore);
    const messageIds = sent.map((message) => message.messageId);
    expect(messageIds).toHaveLength(4);
    expect(new Set(messageIds).size).toBe(4);
    expect(messageIds.sort()).toEqual(queued.map((row) => row.messageId).sort());
    expect(sent.map((message) => message.to[0]).sort()).toEqual([
      ADMIN_EMAIL,
      'traveller@example.com',
      'traveller@example.com',
      'traveller@example.com',
    ]);
    // The consultation's emails carry their calendar invitation.
    const calendars = sent.filter((message) => message.raw.includes('text/calendar'));
    expect(calendars).toHaveLength(2);
    expect(sent.map((message) => message.subject)).toEqual(
      expect.arrayContaining(['New consultation', 'Reset your Aylal password']),
    );
  });

  it('sends, from a new process, what a stopped one committed but never sent', async () => {
    await t.app.deliveries.drain();
    const before = sink.messages.length;
    // The process "dies" between the commit and the send: its worker is gone.
    await t.app.deliveries.stop();
    const other = await t.signUp('second@example.com', undefined, 'Second Traveller');
    expect((await bookConsultation(t, other, tripId, await slotAfter(t, 72, 5))).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages).toHaveLength(before);
    // The sign-up's address check and the booking's two emails.
    expect((await unsent()).length).toBe(3);
    await t.app.close();

    // A new process on the same database sends them when it starts.
    const next = await buildApp({ config: t.config, db: t.db, webDistDir: null, logger: false });
    try {
      await next.ready();
      await sink.waitFor((messages) => messages.length === before + 3);
      expect(
        sink.messages
          .slice(before)
          .map((message) => message.to[0])
          .sort(),
      ).toEqual([ADMIN_EMAIL, 'second@example.com', 'second@example.com']);
      await eventually(async () => (await unsent()).length === 0);
    } finally {
      await next.close();
    }
  });
});

/** A push service: the outside world, scripted per endpoint; the test double the brief allows. */
class ScriptedPushService implements PushSender {
  readonly sent: { endpoint: string; payload: PushPayload }[] = [];
  readonly script = new Map<string, PushOutcome[]>();

  async send(subscription: PushSubscriptionKeys, payload: PushPayload): Promise<PushOutcome> {
    const outcome = this.script.get(subscription.endpoint)?.shift() ?? { kind: 'sent' };
    if (outcome.kind === 'sent') this.sent.push({ endpoint: subscription.endpoint, payload });
    return outcome;
  }
}

describe('the delivery queue: push', () => {
  const pushService = new ScriptedPushService();
  let t: TestApp;
  let admin: string;
  let traveller: string;
  let travellerId: string;
  let tripId: string;

  const subscribe = async (userId: string, endpoint: string) =>
    (await t.db.insert(pushSubscriptions).values({ userId, endpoint, p256dh: 'key', auth: 'auth' }).returning())[0]!;
  const deliveriesTo = (subscriptionId: string) =>
    t.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, subscriptionId));
  /** Makes every waiting push due now, as if its backoff had passed, and runs the queue. */
  const timePasses = async () => {
    await t.db
      .update(pushDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(isNull(pushDeliveries.sentAt), isNull(pushDeliveries.failedAt)));
    await t.app.deliveries.drain();
  };
  /** Notifications for the traveller: their booking, then staff cancel it (`between` runs in between). */
  const notifyTraveller = async (between?: () => Promise<unknown>) => {
    const booked = (await bookConsultation(t, traveller, tripId, await slotAfter(t, 72))).json() as Consultation;
    await between?.();
    const cancelled = await t.send('POST', `/api/admin/consultations/${booked.id}/actions`, {
      cookie: admin,
      body: { action: 'cancel' },
    });
    expect(cancelled.statusCode).toBe(200);
    return booked;
  };

  beforeAll(async () => {
    // The poll is slow here: what is sent at once was woken by the commit's NOTIFY.
    t = await createTestApp(
      { PUSH_SERVICE_HOSTS: 'push.example' },
      { pushSender: pushService, delivery: { maxAttempts: 3, pollMs: 600_000 } },
    );
    admin = await t.signUp(ADMIN_EMAIL, undefined, 'Agency Admin');
    traveller = await t.signUp('traveller@example.com', undefined, 'Bat Erdene');
    travellerId = (await t.db.select().from(users).where(eq(users.email, 'traveller@example.com')))[0]!.id;
    tripId = await prepareBooking(t, admin);
  });
  afterAll(() => t.close());

  it('sends at once when the change commits (woken by NOTIFY, not the poll)', async () => {
    await t.app.deliveries.drain();
    t.mails.length = 0;
    const endpoint = 'https://push.example/first';
    await subscribe(travellerId, endpoint);
    await notifyTraveller();
    await eventually(async () => t.mails.length === 3 && pushService.sent.length === 2, 5000);
    await t.db.delete(pushSubscriptions);
  });

  it('retries 5xx with exponential backoff and 429 after the time the service asked for', async () => {
    const endpoint = 'https://push.example/phone';
    pushService.script.set(endpoint, [
      { kind: 'retry', error: '503 Service Unavailable' },
      { kind: 'retry', error: '429 Too Many Requests', retryAfterMs: 120_000 },
    ]);
    // Subscribed after booking: only the cancellation is pushed.
    let phone: typeof pushSubscriptions.$inferSelect | undefined;
    await notifyTraveller(async () => (phone = await subscribe(travellerId, endpoint)));
    await t.app.deliveries.drain();
    const [first] = await deliveriesTo(phone!.id);
    // It failed with 503: tried again in about 10 s (±20 %), not sent.
    expect(first).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
    expect(first!.error).toContain('503');
    const delay = first!.nextAttemptAt.getTime() - Date.now();
    expect(delay).toBeGreaterThan(6_000);
    expect(delay).toBeLessThan(12_500);

    await timePasses();
    const [second] = await deliveriesTo(phone!.id);
    expect(second).toMatchObject({ attempts: 2, sentAt: null });
    expect(second!.error).toContain('429');
    expect(second!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(110_000);

    await timePasses();
    const [sent] = await deliveriesTo(phone!.id);
    expect(sent).toMatchObject({ attempts: 3, error: null });
    expect(sent!.sentAt).not.toBeNull();
    const payloads = pushService.sent.filter((push) => push.endpoint === endpoint).map((push) => push.payload);
    expect(payloads).toHaveLength(1);
    const [cancelled] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, travellerId), eq(notifications.type, 'consultationCancelled')))
      .orderBy(desc(notifications.seq))
      .limit(1);
    expect(payloads).toContainEqual({
      title: 'Consultation cancelled',
      body: expect.stringContaining('Gobi in Spring') as string,
      url: '/consultations',
      tag: cancelled!.id,
    });
  });

  it('gives up after the last attempt, and at once on a refusal not worth retrying', async () => {
    await t.db.delete(pushSubscriptions);
    const tablet = await subscribe(travellerId, 'https://push.example/tablet');
    const laptop = await subscribe(travellerId, 'https://push.example/laptop');
    const down = { kind: 'retry', error: '500 Internal Server Error' } as const;
    pushService.script.set(tablet.endpoint, [down, down, down, down, down, down]);
    pushService.script.set(laptop.endpoint, [
      { kind: 'failed', error: '413 Payload Too Large' },
      { kind: 'failed', error: '413 Payload Too Large' },
    ]);
    await notifyTraveller();
    await t.app.deliveries.drain();
    await timePasses();
    await timePasses();
    await timePasses();
    for (const row of await deliveriesTo(tablet.id)) {
      expect(row).toMatchObject({ attempts: 3, sentAt: null });
      expect(row.failedAt).not.toBeNull();
    }
    for (const row of await deliveriesTo(laptop.id)) {
      expect(row).toMatchObject({ attempts: 1, sentAt: null, error: '413 Payload Too Large' });
      expect(row.failedAt).not.toBeNull();
    }
  });

  it('drops a subscription the push service says is gone, with its waiting pushes', async () => {
    await t.db.delete(pushSubscriptions);
    const old = await subscribe(travellerId, 'https://push.example/old-phone');
    const current = await subscribe(travellerId, 'https://push.example/new-phone');
    pushService.script.set(old.endpoint, [{ kind: 'gone' }]);
    await notifyTraveller();
    await t.app.deliveries.drain();
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, old.id))).toEqual([]);
    expect(await deliveriesTo(old.id)).toEqual([]);
    expect((await deliveriesTo(current.id)).every((row) => row.sentAt !== null)).toBe(true);
  });

  it('hands no push to the sender for a stored endpoint off PUSH_SERVICE_HOSTS, and removes it', async () => {
    await t.db.delete(pushSubscriptions);
    // Stored before the list existed: the cloud's metadata service, and a host taken off the list.
    const metadata = await subscribe(travellerId, 'https://169.254.169.254/latest/meta-data/');
    const delisted = await subscribe(travellerId, 'https://push.example.attacker.example/x');
    const listed = await subscribe(travellerId, 'https://push.example/listed');
    await notifyTraveller();
    await t.app.deliveries.drain();
    const endpoints = pushService.sent.map((push) => push.endpoint);
    expect(endpoints).not.toContain(metadata.endpoint);
    expect(endpoints).not.toContain(delisted.endpoint);
    expect(endpoints).toContain(listed.endpoint);
    const left = await t.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions);
    expect(left.map((row) => row.id)).toEqual([listed.id]);
  });

  it('does not fail a change over a device being dropped at that moment', async () => {
    await t.db.delete(pushSubscriptions);
    const dropping = await subscribe(travellerId, 'https://push.example/dropping');
    // The worker deleting a subscription its push service called gone, not yet committed.
    const worker = await t.db.$client.connect();
    try {
      await worker.query('begin');
      await worker.query('delete from push_subscriptions where id = $1', [dropping.id]);
      const booked = await bookConsultation(t, traveller, tripId, await slotAfter(t, 96));
      expect(booked.statusCode, booked.body).toBe(201);
      const id = (booked.json() as Consultation).id;
      await worker.query('commit');
      const cancelled = await t.send('POST', `/api/admin/consultations/${id}/actions`, {
        cookie: admin,
        body: { action: 'cancel' },
      });
      expect(cancelled.statusCode).toBe(200);
    } finally {
      await worker.query('rollback').catch(() => undefined);
      worker.release();
    }
  });

  it('leaves pushes waiting in a process without a push sender', async () => {
    const withoutPush = await buildApp({
      config: t.config,
      db: t.db,
      pushSender: null,
      webDistDir: null,
      logger: false,
    });
    try {
      await withoutPush.ready();
      await t.app.deliveries.stop();
      await t.db.delete(pushSubscriptions);
      const phone = await subscribe(travellerId, 'https://push.example/waiting');
      await notifyTraveller();
      await withoutPush.deliveries.drain();
      const rows = await deliveriesTo(phone.id);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.sentAt === null && row.attempts === 0)).toBe(true);
      // A process that has one sends them.
      await t.app.deliveries.drain();
      expect((await deliveriesTo(phone.id)).every((row) => row.sentAt !== null)).toBe(true);
    } finally {
      await withoutPush.close();
    }
  });

  it('backs off exponentially, capped, with jitter', () => {
    const none = () => 0.5;
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, 10_000, 60_000, none))).toEqual([
      10_000, 20_000, 40_000, 60_000,
    ]);
    expect(backoffMs(1, 10_000, 60_000, () => 0)).toBe(8_000);
    expect(backoffMs(1, 10_000, 60_000, () => 1)).toBe(12_000);
  });
});
