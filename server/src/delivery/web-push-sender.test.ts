import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptPush, startLocalPushService, verifyVapid } from '../../test/push-service.ts';
import { generateVapidKeys } from './vapid.ts';
import { createWebPushSender, outcomeOf, PUSH_TTL_SECONDS, retryAfterMs } from './web-push-sender.ts';
import type { PushPayload } from './push-sender.ts';
import { parsePushServiceHosts, PushEndpointPolicy, resolveWithDns, type ResolveHost } from '../lib/push-endpoints.ts';

const payload: PushPayload = {
  title: 'Consultation confirmed',
  body: 'Your consultation about Gobi Desert Adventure on 12 May, 10:00 is confirmed. Ёстой сайхан!',
  url: '/consultations',
  tag: '0b9f6a55-3c38-4c5e-9d64-8f0e7f1b2a10',
};

describe('the Web Push sender against a local push service', () => {
  let service: Awaited<ReturnType<typeof startLocalPushService>>;
  const vapid = { ...generateVapidKeys(), subject: 'mailto:no-reply@aylal.mn' };
  /** A sender allowed to reach these push services (PUSH_SERVICE_HOSTS), resolving names with `resolve`. */
  const senderFor = (hosts: string, resolve: ResolveHost = resolveWithDns, timeoutMs = 3000) =>
    createWebPushSender(vapid, { endpoints: new PushEndpointPolicy(parsePushServiceHosts(hosts), resolve), timeoutMs });
  let sender: ReturnType<typeof createWebPushSender>;

  beforeAll(async () => {
    service = await startLocalPushService();
    // The local push service is named by its address: the operator's explicit exception.
    sender = senderFor(service.origin);
  });
  afterAll(() => service.close());

  it('sends an aes128gcm push the device decrypts, signed with our VAPID key', async () => {
    const device = service.device();
    const outcome = await sender.send({ endpoint: device.endpoint, ...device.keys }, payload);
    expect(outcome).toEqual({ kind: 'sent' });

    const push = service.received.at(-1)!;
    expect(push.path).toBe(new URL(device.endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    expect(push.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(push.headers.urgency).toBe('normal');
    expect(JSON.parse(decryptPush(push.body, device))).toEqual(payload);

    const { publicKey, claims } = verifyVapid(push.headers.authorization);
    expect(publicKey).toBe(vapid.publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe(vapid.subject);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 12 * 3600_000 + 60_000);
  });

  it('cannot be read with another device’s keys', async () => {
    const device = service.device();
    await sender.send({ endpoint: device.endpoint, ...device.keys }, payload);
    const other = service.device();
    expect(() => decryptPush(service.received.at(-1)!.body, other)).toThrow();
  });

  it('says gone on 404 and 410, retry on 429 and 5xx (with Retry-After), failed otherwise', async () => {
    const device = service.device();
    const subscription = { endpoint: device.endpoint, ...device.keys };
    service.answerNext(
      { status: 410, body: 'push subscription has unsubscribed or expired.' },
      { status: 404 },
      { status: 429, headers: { 'retry-after': '120' } },
      { status: 503 },
      { status: 400, body: 'bad request' },
      { status: 413 },
    );
    expect(await sender.send(subscription, payload)).toEqual({ kind: 'gone' });
    expect(await sender.send(subscription, payload)).toEqual({ kind: 'gone' });
    expect(await sender.send(subscription, payload)).toMatchObject({ kind: 'retry', retryAfterMs: 120_000 });
    const unavailable = await sender.send(subscription, payload);
    expect(unavailable).toMatchObject({ kind: 'retry' });
    expect(unavailable).not.toHaveProperty('retryAfterMs');
    expect(await sender.send(subscription, payload)).toMatchObject({
      kind: 'failed',
      error: expect.stringContaining('400'),
    });
    expect(await sender.send(subscription, payload)).toMatchObject({ kind: 'failed' });
  });

  it('retries when the push service cannot be reached', async () => {
    const device = service.device();
    const closed = await startLocalPushService();
    await closed.close();
    const endpoint = `${closed.origin}/push/gone-away`;
    const outcome = await senderFor(closed.origin).send({ endpoint, ...device.keys }, payload);
    expect(outcome).toMatchObject({ kind: 'retry', error: expect.stringContaining('network') });
  });

  it('sends nothing to an endpoint off the list: refused', async () => {
    const device = service.device();
    const before = service.received.length;
    const listed = await startLocalPushService();
    try {
      // Another service is listed; this one is not (same address, another port).
      const outcome = await senderFor(listed.origin).send({ endpoint: device.endpoint, ...device.keys }, payload);
      expect(outcome).toMatchObject({ kind: 'refused' });
      expect(service.received).toHaveLength(before);
    } finally {
      await listed.close();
    }
  });

  it('checks the addresses a listed name resolves to when sending: loopback is refused', async () => {
    const device = service.device();
    const before = service.received.length;
    const port = new URL(service.origin).port;
    // localhost named (not its address): resolved by the system, 127.0.0.1 and ::1 are refused.
    const byName = senderFor(`http://localhost:${port}`);
    const endpoint = device.endpoint.replace('127.0.0.1', 'localhost');
    expect(await byName.send({ endpoint, ...device.keys }, payload)).toMatchObject({ kind: 'refused' });
    expect(service.received).toHaveLength(before);
  });

  it('connects to the address it checked, not to what DNS answers a moment later (no rebinding)', async () => {
    const device = service.device();
    const before = service.received.length;
    const port = new URL(service.origin).port;
    // The check is told localhost is a public address; the system's resolver would say 127.0.0.1,
    // where the local push service listens. The push must not arrive there.
    const rebinding = senderFor(
      `http://localhost:${port}`,
      async () => [{ address: '93.184.216.34', family: 4 }],
      1000,
    );
    const endpoint = device.endpoint.replace('127.0.0.1', 'localhost');
    const outcome = await rebinding.send({ endpoint, ...device.keys }, payload);
    expect(outcome).toMatchObject({ kind: 'retry', error: expect.stringContaining('network') });
    expect(service.received).toHaveLength(before);
  });

  it('retries when DNS cannot answer', async () => {
    const device = service.device();
    const failing = senderFor('*.push.apple.com', async () => {
      throw Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
    });
    const outcome = await failing.send({ endpoint: 'https://web.push.apple.com/abc', ...device.keys }, payload);
    expect(outcome).toMatchObject({ kind: 'retry', error: 'dns: EAI_AGAIN' });
  });

  it('fails (no retry) on keys no browser gives', async () => {
    const device = service.device();
    const outcome = await sender.send({ endpoint: device.endpoint, p256dh: 'AAAA', auth: device.keys.auth }, payload);
    expect(outcome).toMatchObject({ kind: 'failed' });
  });
});

describe('reading a push service answer', () => {
  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-05-01T10:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 01 May 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('maps statuses to outcomes', () => {
    expect(outcomeOf(201, null, '')).toEqual({ kind: 'sent' });
    expect(outcomeOf(202, null, '')).toEqual({ kind: 'sent' });
    expect(outcomeOf(410, null, '')).toEqual({ kind: 'gone' });
    expect(outcomeOf(500, '5', '')).toMatchObject({ kind: 'retry', retryAfterMs: 5000 });
    expect(outcomeOf(403, null, 'bad jwt')).toMatchObject({ kind: 'failed' });
  });
});
