import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mnError from '@aylal/locales/mn/error.json' with { type: 'json' };
import enError from '@aylal/locales/en/error.json' with { type: 'json' };
import { createTestApp, errorOf, type TestApp } from '../../../test/helpers.ts';
import { decryptPush, startLocalPushService, verifyVapid } from '../../../test/push-service.ts';
import { profiles, pushDeliveries, pushSubscriptions, users } from '../../db/schema/index.ts';
import { resolveWithDns, type ResolveHost } from '../../lib/push-endpoints.ts';

/**
 * DNS for the push services' names, which the tests cannot reach: what each name resolves to
 * (a vendor's public address, or one an attacker's DNS might give). Any other name goes to the
 * system's resolver (localhost: 127.0.0.1).
 */
const dnsAnswers: Record<string, string[]> = {
  'fcm.googleapis.com': ['142.250.74.42', '2a00:1450:4001:82a::200a'],
  'web.push.apple.com': ['17.57.146.68'],
  'inside.push.apple.com': ['10.0.0.5'],
  'metadata.push.apple.com': ['169.254.169.254'],
  'mapped.push.apple.com': ['::ffff:127.0.0.1'],
  'link.push.apple.com': ['fe80::1'],
  'mixed.push.apple.com': ['17.57.146.68', '192.168.0.10'],
};
const resolvePushHost: ResolveHost = async (host) => {
  const failure = { 'nosuch.push.apple.com': 'ENOTFOUND', 'slow.push.apple.com': 'EAI_AGAIN' }[host];
  if (failure) throw Object.assign(new Error(`getaddrinfo ${failure} ${host}`), { code: failure });
  const answer = dnsAnswers[host];
  if (!answer) return resolveWithDns(host);
  return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('push subscriptions', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startLocalPushService>>;
  let ada: string;
  let bea: string;

  beforeAll(async () => {
    service = await startLocalPushService();
    // The browsers' services named as an operator would, plus the local push service by its
    // address (the explicit exception for tests) and localhost by name (which is checked).
    t = await createTestApp(
      { PUSH_SERVICE_HOSTS: `fcm.googleapis.com,*.push.apple.com,localhost,${service.origin}` },
      { resolvePushHost },
    );
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

  it('refreshes a device sent again by its owner, and never moves it to another account', async () => {
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

    // Someone who learnt the endpoint posts it with keys of their own: refused, nothing changes.
    const other = service.device();
    const taken = await t.send('POST', '/api/push/subscriptions', {
      cookie: bea,
      body: { endpoint: device.endpoint, keys: other.keys },
      headers: { 'accept-language': 'mn' },
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual({ code: 'PUSH_SUBSCRIPTION_TAKEN', message: mnError.PUSH_SUBSCRIPTION_TAKEN });
    const [after] = await t.db
      .select({ refreshedAt: pushSubscriptions.refreshedAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(after!.refreshedAt).toEqual(second!.refreshedAt);
    expect(await rowsOf(device.endpoint)).toEqual([
      expect.objectContaining({ email: 'ada@example.com', p256dh: device.keys.p256dh }),
    ]);
    // ...and the owner's pushes still reach the owner's device.
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    const before = service.received.length;
    expect(await t.app.pushSender!.send(row!, { title: 'T', body: 'B', url: '/', tag: 'n' })).toEqual({ kind: 'sent' });
    expect(JSON.parse(decryptPush(service.received[before]!.body, device))).toMatchObject({ title: 'T' });
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
      { endpoint: 'not a url', keys: device.keys },
      { endpoint: 'https://user:secret@fcm.googleapis.com/fcm/send/abc', keys: device.keys },
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
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc:def', 'https://web.push.apple.com/QGx0Y2g']) {
      const https = await t.send('POST', '/api/push/subscriptions', {
        cookie: ada,
        body: { endpoint, keys: service.device().keys },
      });
      expect(https.statusCode, endpoint).toBe(204);
    }
  });

  it('refuses an endpoint that is not a browser’s push service, or not on the public internet, storing nothing', async () => {
    const { keys } = service.device();
    const port = new URL(service.origin).port;
    const refused = [
      // Cloud metadata, private ranges, loopback and link-local, written as addresses.
      'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'https://10.0.0.1/push/abc',
      'https://192.168.1.1/push/abc',
      'https://127.0.0.1/push/abc',
      'https://2130706433/push/abc',
      'https://[::1]/push/abc',
      'https://[::ffff:127.0.0.1]/push/abc',
      'https://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'https://[fe80::1]/push/abc',
      // The local push service's address on another port, or by its name: not what was listed.
      `http://127.0.0.1:${Number(port) + 1}/push/abc`,
      `http://localhost:${port}/push/abc`,
      // Not a push service of the list, not https, not its port, lookalike names.
      'https://push.example.com/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://push.apple.com/abc',
      // Listed names whose DNS answers an address off the public internet (any one of them).
      'https://localhost/push/abc',
      'https://inside.push.apple.com/abc',
      'https://metadata.push.apple.com/abc',
      'https://mapped.push.apple.com/abc',
      'https://link.push.apple.com/abc',
      'https://mixed.push.apple.com/abc',
      // A name that does not exist.
      'https://nosuch.push.apple.com/abc',
    ];
    for (const endpoint of refused) {
      const response = await t.send('POST', '/api/push/subscriptions', {
        cookie: ada,
        body: { endpoint, keys },
        headers: { 'accept-language': 'mn' },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(errorOf(response), endpoint).toEqual({
        code: 'PUSH_ENDPOINT_REFUSED',
        message: mnError.PUSH_ENDPOINT_REFUSED,
      });
    }
    const english = await t.send('POST', '/api/push/subscriptions', {
      cookie: ada,
      body: { endpoint: refused[0], keys },
    });
    expect(errorOf(english).message).toBe(enError.PUSH_ENDPOINT_REFUSED);
    const stored = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(stored.filter((row) => refused.includes(row.endpoint))).toEqual([]);
  });

  it('answers 503 (not 500) while DNS does not answer, storing nothing', async () => {
    const endpoint = 'https://slow.push.apple.com/abc';
    const response = await t.send('POST', '/api/push/subscriptions', {
      cookie: ada,
      body: { endpoint, keys: service.device().keys },
    });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('SERVICE_UNAVAILABLE');
    expect(await rowsOf(endpoint)).toEqual([]);
  });

  it('never sends to a stored subscription that fails the rules, and removes it', async () => {
    const [owner] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'ada@example.com'));
    const offList = await startLocalPushService();
    try {
      // Subscribed while its name resolved to a public address; it points inside now.
      dnsAnswers['turned.push.apple.com'] = ['17.57.146.68'];
      const turned = { endpoint: 'https://turned.push.apple.com/abc', keys: service.device().keys };
      expect((await t.send('POST', '/api/push/subscriptions', { cookie: ada, body: turned })).statusCode).toBe(204);
      dnsAnswers['turned.push.apple.com'] = ['127.0.0.1'];
      // Stored before the rules (as the attacker's were), and one the rules allow.
      const good = service.device();
      const stale = offList.device();
      const rows = await t.db
        .insert(pushSubscriptions)
        .values([
          {
            userId: owner!.id,
            endpoint: 'https://169.254.169.254/latest/meta-data/',
            p256dh: good.keys.p256dh,
            auth: good.keys.auth,
          },
          { userId: owner!.id, endpoint: stale.endpoint, p256dh: stale.keys.p256dh, auth: stale.keys.auth },
          { userId: owner!.id, endpoint: good.endpoint, p256dh: good.keys.p256dh, auth: good.keys.auth },
        ])
        .returning({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint });
      const [turnedRow] = await t.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, turned.endpoint));
      const payload = { title: 'Application update', body: 'Welder: Interview.', url: '/applications', tag: 'n-2' };
      const before = service.received.length;
      await t.db
        .insert(pushDeliveries)
        .values([...rows.map((row) => row.id), turnedRow!.id].map((subscriptionId) => ({ subscriptionId, payload })));
      await t.app.deliveries.drain();

      expect(offList.received).toEqual([]);
      expect(service.received.slice(before).map((push) => JSON.parse(decryptPush(push.body, good)))).toEqual([payload]);
      const left = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
      expect(left.map((row) => row.endpoint)).toContain(good.endpoint);
      for (const gone of ['https://169.254.169.254/latest/meta-data/', stale.endpoint, turned.endpoint]) {
        expect(left.map((row) => row.endpoint)).not.toContain(gone);
      }
    } finally {
      await offList.close();
    }
  });
});

describe('push subscriptions in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' });
  });
  afterAll(() => t?.close());

  it('accept the browsers’ push services over https only', async () => {
    const service = await startLocalPushService();
    try {
      const cookie = await t.signUp('cy@example.com');
      const device = service.device();
      const response = await t.send('POST', '/api/push/subscriptions', {
        cookie,
        body: { endpoint: device.endpoint, keys: device.keys },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('PUSH_ENDPOINT_REFUSED');
    } finally {
      await service.close();
    }
  });
});
