import type { CDPSession, Page } from '@playwright/test';
import { accountMenuButton, BASE_URL, expect, test } from './fixtures.ts';

/**
 * Web Push in Chromium (decision 014). A push is handed to our service worker through the DevTools
 * protocol (`ServiceWorker.deliverPushMessage`), as the browser does with what its vendor's push
 * service delivers: a visible page of ours shows it as a 5000 ms toast; with none, the service
 * worker shows the system notification (icon /logo.png, the notification's id as tag).
 */

const ORIGIN = new URL(BASE_URL).origin;

/** Our service worker's registration id, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === `${ORIGIN}/` && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** Signed in, on the home page, with the service worker active (it starts with the account menu). */
async function signedInWithWorker(page: Page, api: { signUp: () => Promise<unknown> }) {
  await page.context().grantPermissions(['notifications'], { origin: ORIGIN });
  await api.signUp();
  await page.goto('/');
  await expect(accountMenuButton(page)).toBeVisible();
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(scope).toBe(`${ORIGIN}/`);
}

test.describe('Web Push', () => {
  test('the service worker, the manifest and its icons are served', async ({ request }) => {
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    const manifest = await request.get('/manifest.webmanifest');
    const body = (await manifest.json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(body).toMatchObject({ name: 'Aylal', display: 'standalone', start_url: '/' });
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const src of [...body.icons.map((icon) => icon.src), '/logo.png']) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type']).toBe('image/png');
    }
    const config = (await (await request.get('/api/config')).json()) as { vapidPublicKey: string };
    expect(Buffer.from(config.vapidPublicKey, 'base64url')).toHaveLength(65);
  });

  test('a push while a page of ours is visible shows its title and body for 5 seconds', async ({ page, api }) => {
    await signedInWithWorker(page, api);
    const cdp = await page.context().newCDPSession(page);
    const id = await registrationId(cdp);
    const push = {
      title: 'Consultation confirmed',
      body: 'See you on Monday.',
      url: '/consultations',
      tag: 'n-visible',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: ORIGIN,
      registrationId: id,
      data: JSON.stringify(push),
    });

    const toast = page.getByRole('alert').filter({ hasText: push.title });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(push.body);
    const shown = Date.now();
    await expect(toast).toBeHidden({ timeout: 10_000 });
    const lasted = Date.now() - shown;
    expect(lasted).toBeGreaterThan(3_500);
    // No system notification: the page showed it.
    const notifications = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => notification.title),
    );
    expect(notifications).toEqual([]);
  });

  test('a push with no page of ours open shows the system notification', async ({ page, api }) => {
    await signedInWithWorker(page, api);
    const cdp = await page.context().newCDPSession(page);
    const id = await registrationId(cdp);
    // The tab leaves the site: the service worker has no window of ours to tell.
    await page.goto('about:blank');
    const push = {
      title: 'Application update',
      body: 'Your application for Welder is now: Interview.',
      url: '/applications',
      tag: '6f1c2b3a-0000-4000-8000-000000000001',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: ORIGIN,
      registrationId: id,
      data: JSON.stringify(push),
    });

    await page.goto('/');
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
              title: notification.title,
              body: notification.body,
              icon: notification.icon,
              tag: notification.tag,
              data: notification.data as unknown,
            })),
          ),
        { timeout: 10_000 },
      )
      .toEqual([
        { title: push.title, body: push.body, icon: `${ORIGIN}/logo.png`, tag: push.tag, data: { url: push.url } },
      ]);
  });
});
