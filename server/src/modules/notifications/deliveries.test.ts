/**
 * Staff see the emails and pushes that failed or are being retried, and try them again (issue 26).
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminDeliveriesResponse } from '@aylal/shared/schemas/deliveries';
import { outbox } from '../../db/schema/mail.ts';
import { pushDeliveries, pushSubscriptions } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/index.ts';
import type { NotificationPage } from '@aylal/shared/notifications';
import { notifications } from '../../db/schema/notifications.ts';
import { ADMIN_EMAIL, errorOf, expectError, useAccounts, useTestApp } from '../../../test/helpers.ts';

const HOUR = 3_600_000;

describe('failed deliveries', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL, traveller: 'oyun.bat@example.com' });
  const ids = { failed: '', retrying: '', sent: '', waiting: '', push: '' };

  const list = async (cookie = accounts.admin) => {
    const response = await t.get('/api/admin/deliveries', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return response.json<AdminDeliveriesResponse>();
  };

  it('lists what failed and what is retrying, failed first, each recipient masked', async () => {
    const insert = async (values: Partial<typeof outbox.$inferInsert>) => {
      const [row] = await t.db
        .insert(outbox)
        .values({ to: 'oyun.bat@example.com', subject: 'Your consultation is confirmed', text: '.', ...values })
        .returning({ id: outbox.id });
      return row!.id;
    };
    ids.failed = await insert({ attempts: 8, failedAt: new Date(), error: 'connect ECONNREFUSED 10.0.0.9:25' });
    ids.retrying = await insert({
      attempts: 2,
      nextAttemptAt: new Date(Date.now() + HOUR),
      error: '421 Try again later',
      subject: 'Verify your email',
    });
    ids.sent = await insert({ attempts: 1, sentAt: new Date() });
    ids.waiting = await insert({ nextAttemptAt: new Date(Date.now() + HOUR) });
    const [traveller] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'oyun.bat@example.com'));
    const [subscription] = await t.db
      .insert(pushSubscriptions)
      .values({ userId: traveller!.id, endpoint: 'https://fcm.googleapis.com/fcm/send/x1', p256dh: 'p', auth: 'a' })
      .returning({ id: pushSubscriptions.id });
    const [push] = await t.db
      .insert(pushDeliveries)
      .values({
        subscriptionId: subscription!.id,
        payload: { title: 'New message', body: '.', url: '/', tag: 't' },
        attempts: 8,
        failedAt: new Date(Date.now() - HOUR),
        createdAt: new Date(Date.now() - 2 * HOUR),
        error: '500 push service error',
      })
      .returning({ id: pushDeliveries.id });
    ids.push = push!.id;

    const answer = await list();
    expect(answer.counts).toEqual({ failed: 2, retrying: 1 });
    expect(answer.items.map((item) => [item.id, item.state])).toEqual([
      [ids.failed, 'failed'],
      [ids.push, 'failed'],
      [ids.retrying, 'retrying'],
    ]);
    expect(answer.items[0]).toMatchObject({
      channel: 'email',
      recipient: 'o***@example.com',
      subject: 'Your consultation is confirmed',
      attempts: 8,
      error: 'connect ECONNREFUSED 10.0.0.9:25',
      nextAttemptAt: null,
    });
    expect(answer.items[1]).toMatchObject({ channel: 'push', recipient: 'o***@example.com', subject: 'New message' });
    expect(answer.items[2]!.nextAttemptAt).not.toBeNull();
    expect(JSON.stringify(answer)).not.toContain('oyun.bat@');
  });

  it('is for staff only', async () => {
    expectError(await t.get('/api/admin/deliveries', { cookie: accounts.traveller }), 403, 'FORBIDDEN');
    expectError(await t.get('/api/admin/deliveries'), 401, 'UNAUTHENTICATED');
    const retry = await t.send('POST', '/api/admin/deliveries/retry', { cookie: accounts.traveller, body: {} });
    expectError(retry, 403, 'FORBIDDEN');
  });

  it('refuses a malformed retry and changes nothing', async () => {
    for (const body of [
      { items: [] },
      { items: [{ channel: 'fax', id: ids.failed }] },
      { items: [{ channel: 'email', id: 'x' }] },
    ]) {
      const refused = await t.send('POST', '/api/admin/deliveries/retry', { cookie: accounts.admin, body });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).code).toBe('VALIDATION_FAILED');
    }
    expect((await list()).counts).toEqual({ failed: 2, retrying: 1 });
  });

  it('leaves one a worker is sending right now to it (taken again, it could go twice)', async () => {
    const [sending] = await t.db
      .insert(outbox)
      .values({
        to: 'oyun.bat@example.com',
        subject: 'Being sent',
        text: '.',
        attempts: 3,
        lockedUntil: new Date(Date.now() + HOUR),
      })
      .returning({ id: outbox.id });
    const retry = await t.send('POST', '/api/admin/deliveries/retry', {
      cookie: accounts.admin,
      body: { items: [{ channel: 'email', id: sending!.id }] },
    });
    expect(retry.json()).toEqual({ retried: 0 });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, sending!.id));
    expect(row).toMatchObject({ attempts: 3, lockedUntil: expect.any(Date) });
    await t.db.delete(outbox).where(eq(outbox.id, sending!.id));
  });

  it('tries one again at once, then all, and what is sent leaves the list', async () => {
    const one = await t.send('POST', '/api/admin/deliveries/retry', {
      cookie: accounts.admin,
      body: { items: [{ channel: 'email', id: ids.failed }] },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ retried: 1 });
    await t.app.deliveries.drain();
    expect(t.mails.filter((mail) => mail.subject === 'Your consultation is confirmed')).toHaveLength(1);
    expect((await list()).items.map((item) => item.id)).toEqual([ids.push, ids.retrying]);

    const all = await t.send('POST', '/api/admin/deliveries/retry', { cookie: accounts.admin, body: {} });
    expect(all.json()).toEqual({ retried: 2 });
    const rows = await t.db
      .select({ attempts: outbox.attempts, failedAt: outbox.failedAt })
      .from(outbox)
      .where(inArray(outbox.id, [ids.retrying]));
    // Taken up again: the worker sends it (or it waits for its next try with fresh attempts).
    expect(rows[0]!.failedAt).toBeNull();
    await t.app.deliveries.drain();
    expect(t.mails.some((mail) => mail.subject === 'Verify your email')).toBe(true);
    // The sent and the never-tried were never touched.
    const untouched = await t.db
      .select({ id: outbox.id, attempts: outbox.attempts })
      .from(outbox)
      .where(inArray(outbox.id, [ids.sent, ids.waiting]));
    expect(untouched.map((row) => row.attempts).sort()).toEqual([0, 1]);
  });
});

describe('an email that fails for good', () => {
  // The product's own mailer against a port where no mail server listens, giving up at once.
  const t = useTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' }, { realMail: true, delivery: { maxAttempts: 1 } });
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL });

  const staffFeed = async () => {
    const response = await t.get('/api/admin/notifications?pageSize=100', { cookie: accounts.admin });
    return response.json<NotificationPage>().items.filter((item) => item.type === 'staffDeliveryFailed');
  };
  const queue = async (subject: string) => {
    await t.db.insert(outbox).values({ to: 'oyun.bat@example.com', subject, text: '.' });
    await t.app.deliveries.drain();
  };

  it('tells the staff in the app, naming its subject, never its recipient, and sends no email of it', async () => {
    // Signing up queued emails that failed too: start from none told.
    await t.app.deliveries.drain();
    await t.db.delete(notifications);
    const before = (await t.db.select({ id: outbox.id }).from(outbox)).length;

    await queue('Your consultation is confirmed');
    const [told, ...more] = await staffFeed();
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      params: { subject: 'Your consultation is confirmed' },
      link: '/admin/settings#deliveries',
      read: false,
    });
    expect(JSON.stringify(told)).not.toContain('oyun');
    // In the app (and by push) only: an email about failing email would fail alike.
    expect((await t.db.select({ id: outbox.id }).from(outbox)).length).toBe(before + 1);
    const [failed] = (await t.get('/api/admin/deliveries', { cookie: accounts.admin }))
      .json<AdminDeliveriesResponse>()
      .items.filter((item) => item.subject === 'Your consultation is confirmed');
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed!.error).toMatch(/ECONNREFUSED/);
  });

  it('tells them once an hour at the most: the list in Settings has the rest', async () => {
    await queue('Verify your email');
    expect(await staffFeed()).toHaveLength(1);
    await t.db.update(notifications).set({ createdAt: new Date(Date.now() - 2 * HOUR) });
    await queue('Reset your password');
    expect((await staffFeed()).map((item) => item.params.subject)).toEqual([
      'Reset your password',
      'Your consultation is confirmed',
    ]);
  });
});
