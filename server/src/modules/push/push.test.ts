import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from '../../../test/helpers.ts';
import { decryptPush, startLocalPushService, verifyVapid } from '../../../test/push-service.ts';
import { profiles, pushSubscriptions, users } from '../../db/schema/index.ts';

describe('push subscriptions', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startLocalPushService>>;
  let ada: string;
  let bea: string;

  beforeAll(async () => {
    t = await createTestApp();
    service = await startLocalPushService();
    ada = await t.signUp('ada@example.com');
    bea = await t.signUp('bea@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  const rowsOf = (endpoint: string) =>
    t.db
      .select({ userId: pushSubscriptions.userId, email: users.email, p256dh: pushSubscriptions.p256dh })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(pushSubscriptions.endpoint, endpoint));

  it('serves the VAPID public key generated into DATA_DIR in the public config', async () => {
    const response = await t.get('/api/config');
    expect(response.statusCode).toBe(200);
    const { vapidPublicKey } = response.json() as { vapidPublicKey: string };
    const stored = JSON.parse(readFileSync(path.join(t.config.DATA_DIR, 'secrets', 'vapid.json'), 'utf8')) as {
      publicKey: string;
    };
    expect(vapidPublicKey).toBe(stored.publicKey);
    expect(Buffer.from(vapidPublicKey, 'base64url')).toHaveLength(65);
  });

  it('stores a device for the signed-in user, and the app’s sender reaches it encrypted', async () => {
    const device = service.device();
    const response = await t.send('POST', '/api/push/subscriptions', {
      cookie: ada,
      body: { endpoint: device.endpoint, keys: device.keys, expirationTime: null },
    });
    expect(response.statusCode).toBe(204);
    const [row] = await rowsOf(device.endpoint);
    expect(row).toMatchObject({ email: 'ada@example.com', p256dh: device.keys.p256dh });

    const stored = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    const subscription = stored[0]!;
    const outcome = await t.app.pushSender!.send(subscription, {
      title: 'Consultation confirmed',
      body: 'See you soon.',
      url: '/consultations',
      tag: 'n-1',
    });
    expect(outcome).toEqual({ kind: 'sent' });
    const push = service.received.at(-1)!;
    expect(JSON.parse(decryptPush(push.body, device))).toEqual({
      title: 'Consultation confirmed',
      body: 'See you soon.',
      url: '/consultations',
      tag: 'n-1',
    });
    const config = (await t.get('/api/config')).json() as { vapidPublicKey: string };
    expect(verifyVapid(push.headers.authorization).publicKey).toBe(config.vapidPublicKey);
  });

  it('refreshes a device sent again, and moves it to whoever is signed in on it now', async () => {
    const device = service.device();
    await t.send('POST', '/api/push/subscriptions', {
      cookie: ada,
      body: { endpoint: device.endpoint, keys: device.keys },
    });
    const [first] = await t.db
      .select({ refreshedAt: pushSubscriptions.refreshedAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await t.send('POST', '/api/push/subscriptions', {
      cookie: ada,
      body: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(again.statusCode).toBe(204);
    const [second] = await t.db
      .select({ refreshedAt: pushSubscriptions.refreshedAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(second!.refreshedAt.getTime()).toBeGreaterThan(first!.refreshedAt.getTime());
    expect(await rowsOf(device.endpoint)).toHaveLength(1);

    const renewed = service.device();
    const moved = await t.send('POST', '/api/push/subscriptions', {
      cookie: bea,
      body: { endpoint: device.endpoint, keys: renewed.keys },
    });
    expect(moved.statusCode).toBe(204);
    expect(await rowsOf(device.endpoint)).toEqual([
      expect.objectContaining({ email: 'bea@example.com', p256dh: renewed.keys.p256dh }),
    ]);
  });

  it("deletes only the caller's own device", async () => {
    const device = service.device();
    await t.send('POST', '/api/push/subscriptions', {
      cookie: ada,
      body: { endpoint: device.endpoint, keys: device.keys },
    });
    const foreign = await t.send('DELETE', '/api/push/subscriptions', {
      cookie: bea,
      body: { endpoint: device.endpoint },
    });
    expect(foreign.statusCode).toBe(204);
    expect(await rowsOf(device.endpoint)).toHaveLength(1);
    const own = await t.send('DELETE', '/api/push/subscriptions', { cookie: ada, body: { endpoint: device.endpoint } });
    expect(own.statusCode).toBe(204);
    expect(await rowsOf(device.endpoint)).toHaveLength(0);
  });

  it('turns on the push switch of a saved profile', async () => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'bea@example.com'));
    await t.db.insert(profiles).values({ userId: user!.id, pushNotifications: false });
    const device = service.device();
    await t.send('POST', '/api/push/subscriptions', {
      cookie: bea,
      body: { endpoint: device.endpoint, keys: device.keys },
    });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile!.pushNotifications).toBe(true);
  });

  it('asks for a sign-in', async () => {
    const device = service.device();
    const response = await t.send('POST', '/api/push/subscriptions', {
      body: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(response.statusCode).toBe(401);
    expect(
      (await t.send('DELETE', '/api/push/subscriptions', { body: { endpoint: device.endpoint } })).statusCode,
    ).toBe(401);
  });

  it('refuses what is not a push subscription with a translated 400', async () => {
    const device = service.device();
    const bad = [
      { endpoint: 'http://push.example.com/abc', keys: device.keys },
      { endpoint: 'not a url', keys: device.keys },
      { endpoint: 'ftp://127.0.0.1/x', keys: device.keys },
      { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh.slice(0, 40), auth: device.keys.auth } },
      { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: device.keys.auth + 'AAAA' } },
      { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: 'not base64url!!!!!!!!!' } },
      { endpoint: device.endpoint },
      { endpoint: 'https://push.example.com/' + 'x'.repeat(3000), keys: device.keys },
    ];
    for (const body of bad) {
      const response = await t.send('POST', '/api/push/subscriptions', {
        cookie: ada,
        body,
        headers: { 'accept-language': 'mn' },
      });
      expect(response.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    const https = await t.send('POST', '/api/push/subscriptions', {
      cookie: ada,
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys: device.keys },
    });
    expect(https.statusCode).toBe(204);
  });
});

describe('push subscriptions in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' });
  });
  afterAll(() => t?.close());

  it('accept https endpoints only', async () => {
    const service = await startLocalPushService();
    try {
      const cookie = await t.signUp('cy@example.com');
      const device = service.device();
      const response = await t.send('POST', '/api/push/subscriptions', {
        cookie,
        body: { endpoint: device.endpoint, keys: device.keys },
      });
      expect(response.statusCode).toBe(400);
    } finally {
      await service.close();
    }
  });
});
