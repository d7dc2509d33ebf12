/**
 * Several processes (issue 14, decision 019): two server processes on one PostgreSQL and one
 * S3-compatible store, behind a round-robin proxy (e2e/support/two-processes.ts). A picture
 * uploaded through one is served by the other; a sign-in on one holds on the other; a
 * notification caused on one reaches a browser whose live stream is on the other; and the sign-in
 * attempts limit counts both processes' attempts together.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import sharp from 'sharp';
import enNotifications from '@aylal/locales/en/notifications.json' with { type: 'json' };
import { DEMO_TRIPS } from '../server/src/db/seeds/demo-data.ts';
import { expect, extractLink, MailSink, test, VERIFICATION_SUBJECT } from './fixtures.ts';
import { startCluster, type Cluster } from './support/two-processes.ts';

const PASSWORD = 'Scale-e2e-password-1';
/** The promise for live changes. */
const LIVE_MS = 2_000;

let cluster: Cluster;
/** A made-up client address per purpose, so that the auth limit counts only what the test means. */
let nextAddress = 10;
const address = () => `198.51.100.${nextAddress++}`;

/** The cookies a browser would send after this answer (`name=value; ...`). */
function cookiesOf(response: APIResponse): string {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Requests to one process directly, as if the proxy had sent them there. */
function on(request: APIRequestContext, backend: number, cookie = '', client = '203.0.113.1') {
  const base = cluster.backends[backend]!;
  const headers = { origin: cluster.url, 'x-forwarded-for': client, ...(cookie ? { cookie } : {}) };
  return {
    get: (path: string) => request.get(`${base}${path}`, { headers, failOnStatusCode: false }),
    post: (path: string, data?: unknown) => request.post(`${base}${path}`, { headers, data, failOnStatusCode: false }),
    upload: (path: string, file: { name: string; mimeType: string; buffer: Buffer }) =>
      request.post(`${base}${path}`, { headers, multipart: { file }, failOnStatusCode: false }),
  };
}

test.describe('several processes', () => {
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    cluster = await startCluster();
  });
  test.afterAll(async () => {
    await cluster?.stop();
  });

  test('share pictures, sessions, live notifications and the sign-in limit', async ({
    request,
    browser,
    playwright,
  }) => {
    // A sign-up on process 0 is a session on process 1.
    const signUp = await on(request, 0, '', address()).post('/api/auth/sign-up/email', {
      email: cluster.adminEmail,
      password: PASSWORD,
      name: 'Scale Admin',
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    const admin = cookiesOf(signUp);
    // Its address is in ADMIN_EMAILS: the emailed link, opened on process 1, makes it an admin.
    const verification = await new MailSink().waitForMail(cluster.adminEmail, {
      subjectIncludes: VERIFICATION_SUBJECT,
    });
    const link = new URL(extractLink(verification.text));
    const verified = await request.get(`${cluster.backends[1]}${link.pathname}${link.search}`, {
      headers: { 'x-forwarded-for': address() },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
    expect(verified.status()).toBe(302);
    expect(verified.headers().location).not.toContain('error=');
    const me = await on(request, 1, admin).get('/api/me');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: cluster.adminEmail, role: 'admin' });

    // A picture uploaded through process 0 is served by process 1 (from the bucket, byte for byte).
    const tripInput = {
      ...DEMO_TRIPS[0]!,
      title: { en: `Scale trip ${Date.now()}`, mn: `Олон процесс ${Date.now()}` },
      status: 'draft',
    };
    const trip = await on(request, 1, admin).post('/api/admin/trips', tripInput);
    expect(trip.status(), await trip.text()).toBe(201);
    const tripId = ((await trip.json()) as { id: string }).id;
    const photo = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#0b5a8f' } })
      .jpeg()
      .toBuffer();
    const uploaded = await on(request, 0, admin).upload(`/api/admin/trips/${tripId}/images`, {
      name: 'dunes.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const image = (await uploaded.json()) as { url: string };
    const [first, second] = await Promise.all([
      on(request, 0).get(`${image.url}-480.webp`),
      on(request, 1).get(`${image.url}-480.webp`),
    ]);
    expect([first.status(), second.status()]).toEqual([200, 200]);
    expect(second.headers()['content-type']).toBe('image/webp');
    expect((await second.body()).equals(await first.body())).toBe(true);
    expect((await sharp(await second.body()).metadata()).width).toBe(480);
    const bucket = [...cluster.s3.buckets.values()][0]!;
    expect([...bucket.keys()].filter((key) => key.startsWith(`trips/${tripId}/`))).toHaveLength(3);

    // A traveller's browser, through the proxy; its live stream lands on one process, the
    // confirmation is made on the other, and the bell's dot shows it within 2 seconds.
    const travellerEmail = `scale-traveller-${Date.now().toString(36)}@example.com`;
    const travellerSignUp = await on(request, 1, '', address()).post('/api/auth/sign-up/email', {
      email: travellerEmail,
      password: PASSWORD,
      name: 'Scale Traveller',
    });
    expect(travellerSignUp.status()).toBe(200);
    const context = await browser.newContext({ baseURL: cluster.url });
    try {
      const viaProxy = context.request;
      const headers = { origin: cluster.url, 'x-forwarded-for': address() };
      const signIn = await viaProxy.post('/api/auth/sign-in/email', {
        data: { email: travellerEmail, password: PASSWORD },
        headers,
      });
      expect(signIn.status()).toBe(200);
      const trips = (await (await viaProxy.get('/api/trips?pageSize=12')).json()) as { items: { id: string }[] };
      const slots = ((await (await viaProxy.get('/api/consultations/slots')).json()) as { slots: string[] }).slots;
      const booked = await viaProxy.post('/api/consultations', {
        data: {
          tripId: trips.items[0]!.id,
          startsAt: slots[5 + Math.floor(Math.random() * Math.min(80, slots.length - 5))],
          acknowledgedPolicy: true,
        },
        headers,
      });
      expect(booked.status(), await booked.text()).toBe(201);
      const consultationId = ((await booked.json()) as { id: string }).id;
      expect((await viaProxy.post('/api/notifications/read-all', { headers })).ok()).toBe(true);

      const page = await context.newPage();
      const streamsBefore = cluster.proxy.requests.length;
      await page.goto('/');
      const bell = page.getByRole('banner').getByRole('button', { name: new RegExp(`^${enNotifications.bell.label}`) });
      await expect(bell).toBeVisible();
      const dot = page.getByRole('banner').getByTestId('bell-dot');
      await expect(dot).toHaveCount(0);
      const findStream = () =>
        cluster.proxy.requests.slice(streamsBefore).find((entry) => entry.path.startsWith('/api/notifications/stream'));
      await expect.poll(() => findStream()?.backend).toBeDefined();
      const other = 1 - findStream()!.backend;
      // Give the stream a moment to be registered with its process before the change.
      await page.waitForTimeout(300);
      const confirmed = await on(request, other, admin).post(`/api/admin/consultations/${consultationId}/actions`, {
        action: 'confirm',
        note: '',
      });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
      await expect(dot).toBeVisible({ timeout: LIVE_MS });
    } finally {
      await context.close();
    }

    // The sign-in attempts of one address are counted once across both processes: with a limit
    // of N a minute, attempts alternating between the two are refused from the (N+1)th on,
    // though neither process alone saw more than half of them.
    // From a client with no cookies: the traveller's sign-up left this context a device cookie,
    // whose own budget of wrong passwords (decision 022) would answer first.
    const client = address();
    const guesser = await playwright.request.newContext();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= cluster.authRateLimit; attempt++) {
      const response = await on(guesser, attempt % 2, '', client).post('/api/auth/sign-in/email', {
        email: travellerEmail,
        password: `wrong-password-${attempt}`,
      });
      statuses.push(response.status());
    }
    await guesser.dispose();
    expect(statuses).toEqual([...Array<number>(cluster.authRateLimit).fill(401), 429]);
    // ...and through the proxy, whichever process gets it, even with the right password.
    const viaProxy = await request.post(`${cluster.url}/api/auth/sign-in/email`, {
      data: { email: travellerEmail, password: PASSWORD },
      headers: { origin: cluster.url, 'x-forwarded-for': client },
      failOnStatusCode: false,
    });
    expect(viaProxy.status()).toBe(429);
  });
});
