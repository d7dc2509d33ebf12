/**
 * Notifications in the browser (issue 12, decision 014): the public header's bell and its live
 * dot, /notifications, and the back office's list and sidebar badge, all fed by the live stream
 * (no reload, no polling) from real changes: a traveller books a consultation, staff confirm it.
 */
import enAdmin from '@aylal/locales/en/admin.json' with { type: 'json' };
import enNotifications from '@aylal/locales/en/notifications.json' with { type: 'json' };
import mnNotifications from '@aylal/locales/mn/notifications.json' with { type: 'json' };
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_TRIPS } from '../server/src/db/seeds/demo-data.ts';
import { BASE_URL, en, expect, fill, signedInContext, test, type TestUser } from './fixtures.ts';

/** The promise: every open tab shows a change within 2 seconds. */
const LIVE_MS = 2_000;
const headers = { origin: BASE_URL };

async function tripId(request: APIRequestContext, index: number): Promise<string> {
  const response = await request.get(`${BASE_URL}/api/trips?pageSize=12`);
  const body = (await response.json()) as { items: { id: string; title: { en: string } }[] };
  return body.items.find((item) => item.title.en === DEMO_TRIPS[index]!.title.en)!.id;
}

async function openSlots(request: APIRequestContext): Promise<string[]> {
  const body = (await (await request.get(`${BASE_URL}/api/consultations/slots`)).json()) as { slots: string[] };
  return body.slots;
}

/** Books a consultation as the request's user at a random open time (or the one given); answers its id. */
async function book(request: APIRequestContext, trip = 2, at?: string): Promise<string> {
  const slots = await openSlots(request);
  const startsAt = at ?? slots[3 + Math.floor(Math.random() * Math.min(60, slots.length - 3))]!;
  const response = await request.post(`${BASE_URL}/api/consultations`, {
    data: { tripId: await tripId(request, trip), startsAt, acknowledgedPolicy: true },
    headers,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function staffUnread(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${BASE_URL}/api/admin/notifications?page=1&pageSize=1`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { unread: number }).unread;
}

function bell(page: Page, texts = enNotifications) {
  return page.getByRole('banner').getByRole('button', { name: new RegExp(`^${texts.bell.label}`) });
}

const dot = (page: Page) => page.getByRole('banner').getByTestId('bell-dot');

test.describe('notifications', () => {
  test('signed-out visitors see no bell @phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(bell(page)).toHaveCount(0);
    const stream = await page.request.get(`${BASE_URL}/api/notifications/stream`, { failOnStatusCode: false });
    expect(stream.status()).toBe(401);
  });

  test("a booking reaches staff live; its confirmation reaches both of the traveller's tabs, and reading it in one clears it in the other", async ({
    browser,
    page,
    createUser,
    signInAsAdmin,
  }) => {
    const traveller = await createUser({ name: `Bolor ${Date.now().toString(36)}` });
    await signInAsAdmin(page);
    // Staff on the back office; the badge says how many are new for this admin.
    await page.goto('/admin/dashboard');
    const notificationsLink = page.getByRole('navigation', { name: enAdmin.nav.label }).getByRole('link', {
      name: new RegExp(enAdmin.nav.notifications),
    });
    await expect(notificationsLink).toBeVisible();

    // The traveller in two tabs of one browser, on two public pages.
    const { context, page: tabA } = await signedInContext(browser, traveller.email, traveller.password);
    const tabB = await context.newPage();
    const id = await book(tabA.request);
    // What this admin has unread once the first booking is in (it told the staff too).
    const before = await staffUnread(page.request);
    await tabA.request.post(`${BASE_URL}/api/notifications/read-all`, { headers });
    await tabA.goto('/');
    await tabB.goto('/trips');
    await expect(bell(tabA)).toBeVisible();
    await expect(bell(tabB)).toBeVisible();
    await expect(dot(tabA)).toHaveCount(0);
    await expect(dot(tabB)).toHaveCount(0);

    // The staff's badge moves without a reload when the traveller books again (another trip).
    await book(tabA.request, 4);
    await expect(notificationsLink.getByText(fill(enAdmin.nav.newCount, { count: before + 1 }))).toBeVisible({
      timeout: LIVE_MS,
    });
    await tabA.request.post(`${BASE_URL}/api/notifications/read-all`, { headers });
    await expect(dot(tabA)).toHaveCount(0);

    // Staff confirm the first booking: both tabs show the dot within 2 seconds.
    const confirmed = await page.request.post(`${BASE_URL}/api/admin/consultations/${id}/actions`, {
      data: { action: 'confirm', note: '' },
      headers,
    });
    expect(confirmed.ok()).toBe(true);
    await expect(dot(tabA)).toBeVisible({ timeout: LIVE_MS });
    await expect(dot(tabB)).toBeVisible({ timeout: LIVE_MS });

    // Tab A opens the bell: the confirmation, unread, with how long ago it came.
    await bell(tabA).click();
    const dropdown = tabA.getByRole('dialog', { name: enNotifications.bell.title });
    const item = dropdown.getByRole('link', { name: new RegExp(enNotifications.types.consultationConfirmed.title) });
    await expect(item).toBeVisible();
    await expect(item).toContainText(enNotifications.timeAgo.justNow);
    await expect(dropdown.locator('li[data-unread]')).toHaveCount(1);
    await item.click();
    await expect(tabA).toHaveURL(/\/consultations$/);
    await expect(dot(tabA)).toHaveCount(0);
    // ...and tab B follows without a reload.
    await expect(dot(tabB)).toHaveCount(0, { timeout: LIVE_MS });
    await bell(tabB).click();
    const other = tabB.getByRole('dialog', { name: enNotifications.bell.title });
    await expect(
      other.getByRole('link', { name: new RegExp(enNotifications.types.consultationConfirmed.title) }),
    ).toBeVisible();
    await expect(other.locator('li[data-unread]')).toHaveCount(0);
    // "See all notifications" leads to the full list.
    await other.getByRole('link', { name: enNotifications.bell.seeAll }).click();
    await expect(tabB).toHaveURL(/\/notifications$/);
    await expect(tabB.getByRole('heading', { name: enNotifications.page.title, level: 1 })).toBeVisible();
    await context.close();
  });

  test('/notifications is paged and filtered by unread (in the URL), with an empty state for each', async ({
    browser,
    createUser,
  }) => {
    const traveller = await createUser({ name: `Saraa ${Date.now().toString(36)}` });
    const { context, page } = await signedInContext(browser, traveller.email, traveller.password);
    await page.goto('/notifications');
    await expect(page.getByText(enNotifications.page.empty)).toBeVisible();
    await page.getByRole('button', { name: enNotifications.page.unread, exact: true }).click();
    await expect(page).toHaveURL(/show=unread/);
    await expect(page.getByText(enNotifications.page.emptyUnread)).toBeVisible();

    // A booking and 20 moves: 21 notifications of their own, more than a page of 20.
    // Booked far enough ahead to be moved (up to 48 hours before), then moved to the last times.
    const slots = await openSlots(page.request);
    const id = await book(page.request, 2, slots[slots.length - 30]);
    for (let move = 0; move < 20; move += 1) {
      const response = await page.request.post(`${BASE_URL}/api/consultations/${id}/reschedule`, {
        data: { startsAt: slots[slots.length - 1 - move] },
        headers,
      });
      expect(response.ok(), await response.text()).toBe(true);
    }
    await page.goto('/notifications');
    const rows = page.locator('main li');
    await expect(rows).toHaveCount(20);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows).toHaveCount(1);
    await expect(page.getByText(fill(enNotifications.page.pageOf, { page: 2, pages: 2 }))).toBeVisible();

    // Reading one: the unread filter shows the other 20.
    await page.goto('/notifications?show=unread');
    await expect(rows).toHaveCount(20);
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/consultations$/);
    await page.goBack();
    await expect(page).toHaveURL(/show=unread/);
    await expect(rows).toHaveCount(20);
    await page.getByRole('button', { name: enNotifications.page.markAllRead }).click();
    await expect(page.getByText(enNotifications.page.emptyUnread)).toBeVisible();
    await page.getByRole('button', { name: enNotifications.page.showAll }).click();
    await expect(rows).toHaveCount(20);
    await expect(page.locator('main li[data-unread]')).toHaveCount(0);
    await context.close();
  });

  test('staff mark notifications read and unread, and delete them for every admin after a confirmation', async ({
    page,
    browser,
    createUser,
    signInAsAdmin,
  }) => {
    const travellers: TestUser[] = [];
    for (const name of ['Naran', 'Tuya']) {
      const traveller = await createUser({ name: `${name} ${Date.now().toString(36)}` });
      const { context, page: own } = await signedInContext(browser, traveller.email, traveller.password);
      await book(own.request, 1);
      await context.close();
      travellers.push(traveller);
    }
    await signInAsAdmin(page);
    await page.goto('/admin/notifications');
    const rowOf = (traveller: TestUser) => page.getByRole('row', { name: new RegExp(traveller.name) });
    for (const traveller of travellers) await expect(rowOf(traveller)).toHaveCount(1);
    await expect(rowOf(travellers[0]!).getByText(enNotifications.admin.stateUnread)).toBeVisible();

    // Unread only, in the URL.
    await page.getByRole('combobox', { name: enNotifications.admin.filter }).click();
    await page.getByRole('option', { name: enNotifications.admin.unread }).click();
    await expect(page).toHaveURL(/show=unread/);
    for (const traveller of travellers) await expect(rowOf(traveller)).toHaveCount(1);

    // Mark both read: they leave the unread list.
    for (const traveller of travellers) await rowOf(traveller).getByRole('checkbox').check();
    await page.getByRole('button', { name: enNotifications.admin.markRead }).click();
    await expect(page.getByText(fill(enNotifications.admin.markedRead_other, { count: 2 }))).toBeVisible();
    for (const traveller of travellers) await expect(rowOf(traveller)).toHaveCount(0);

    // All of them again; one back to unread.
    await page.getByRole('combobox', { name: enNotifications.admin.filter }).click();
    await page.getByRole('option', { name: enNotifications.admin.all }).click();
    await rowOf(travellers[0]!).getByRole('checkbox').check();
    await page.getByRole('button', { name: enNotifications.admin.markUnread }).click();
    await expect(rowOf(travellers[0]!).getByText(enNotifications.admin.stateUnread)).toBeVisible();
    await expect(rowOf(travellers[1]!).getByText(enNotifications.admin.stateRead)).toBeVisible();

    // A notification opens the consultation it is about.
    await rowOf(travellers[1]!).getByRole('link', { name: enNotifications.admin.open }).click();
    await expect(page).toHaveURL(/\/admin\/consultations\?open=[0-9a-f-]{36}$/);
    const drawer = page.getByRole('dialog', { name: enAdmin.consultations.detailTitle });
    await expect(drawer).toContainText(travellers[1]!.name);
    await page.goBack();

    // Delete both: the confirmation says it removes them for every admin.
    for (const traveller of travellers) await rowOf(traveller).getByRole('checkbox').check();
    await page.getByRole('button', { name: enNotifications.admin.delete, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: enNotifications.admin.confirmTitle });
    await expect(dialog).toContainText(fill(enNotifications.admin.confirmBody_other, { count: 2 }));
    await dialog.getByRole('button', { name: enNotifications.admin.confirm }).click();
    await expect(page.getByText(fill(enNotifications.admin.deleted_other, { count: 2 }))).toBeVisible();
    for (const traveller of travellers) await expect(rowOf(traveller)).toHaveCount(0);
  });

  test('a demoted admin’s tab learns it from the live stream: signed out, the back office gone, no reconnecting', async ({
    browser,
    page,
    createUser,
    signInAsAdmin,
  }) => {
    const colleague = await createUser({ name: `Saraa ${Date.now().toString(36)}` });
    await signInAsAdmin(page);
    const setRole = (role: 'admin' | 'user') =>
      page.request.patch(`${BASE_URL}/api/admin/users/${colleague.id}/role`, { data: { role }, headers });
    expect((await setRole('admin')).ok()).toBe(true);

    const { context, page: staffTab } = await signedInContext(browser, colleague.email, colleague.password);
    const streams: number[] = [];
    staffTab.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/notifications/stream') streams.push(Date.now());
    });
    const opened = staffTab.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/notifications/stream' && response.status() === 200,
    );
    await staffTab.goto('/admin/notifications');
    const backOffice = staffTab.getByRole('navigation', { name: enAdmin.nav.label });
    await expect(backOffice).toBeVisible();
    await opened;

    // Demoted by the other admin (which signs them out everywhere): the tab follows, no reload.
    expect((await setRole('user')).ok()).toBe(true);
    await expect(staffTab).toHaveURL(`${BASE_URL}/`);
    await expect(backOffice).toHaveCount(0);
    await expect(
      staffTab.getByRole('banner').getByRole('button', { name: en.publicNav.login, exact: true }),
    ).toBeVisible();
    // ...and asks for no stream again (EventSource would by itself, 3 s after an end).
    const asked = streams.length;
    await staffTab.waitForTimeout(6_000);
    expect(streams).toHaveLength(asked);
    await context.close();
  });

  test('in Mongolian: the bell, the list and time ago @phone-only', async ({ browser, createUser }) => {
    const traveller = await createUser({ name: `Өлзий ${Date.now().toString(36)}` });
    const { context, page } = await signedInContext(browser, traveller.email, traveller.password);
    await book(page.request);
    await page.goto('/?lang=mn');
    await expect(dot(page)).toBeVisible();
    await bell(page, mnNotifications).click();
    const dropdown = page.getByRole('dialog', { name: mnNotifications.bell.title });
    await expect(dropdown.getByText(mnNotifications.types.consultationBooked.title)).toBeVisible();
    await expect(dropdown.getByText(mnNotifications.timeAgo.justNow)).toBeVisible();
    await expect(dropdown.getByRole('button', { name: mnNotifications.bell.markAllRead })).toBeVisible();
    await dropdown.getByRole('link', { name: mnNotifications.bell.seeAll }).click();
    await expect(page.getByRole('heading', { name: mnNotifications.page.title, level: 1 })).toBeVisible();
    await expect(page.locator('main').getByText(mnNotifications.types.consultationBooked.title)).toBeVisible();
    await context.close();
  });
});
