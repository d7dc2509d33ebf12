/**
 * Staff manage the catalogue: every trip listed with drafts, publish and unpublish (the public
 * catalogue follows at once), delete with confirmation.
 */
import type { Page } from '@playwright/test';
import type { TripInput } from '@aylal/shared/trips';
import { DEMO_TRIPS } from '../server/src/db/seeds/demo-trips.ts';
import { BASE_URL, en, expect, signInAsAdmin, test, toast } from './fixtures.ts';

const { admin } = en;

async function createTrip(page: Page, input: TripInput): Promise<string> {
  const response = await page.request.post(`${BASE_URL}/api/admin/trips`, {
    headers: { origin: BASE_URL },
    data: input,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('an admin publishes, unpublishes and deletes a trip @phone', async ({ page }) => {
  await signInAsAdmin(page);
  const title = `Test Steppe Ride ${Date.now()}`;
  const id = await createTrip(page, {
    ...DEMO_TRIPS[0]!,
    title: { en: title, mn: `Туршилтын аялал ${Date.now()}` },
    status: 'draft',
  });

  await page.goto('/admin/trips');
  await expect(page.getByRole('heading', { level: 1, name: admin.nav.trips })).toBeVisible();
  await page.getByRole('textbox', { name: en.common.search }).fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(admin.trips.statuses.draft, { exact: true })).toBeVisible();

  // Publishing puts it in the public catalogue at once.
  await row.getByRole('button', { name: `${admin.trips.publish}: ${title}` }).click();
  await expect(toast(page, admin.trips.published.replace('{{title}}', title))).toBeVisible();
  await expect(row.getByText(admin.trips.statuses.published, { exact: true })).toBeVisible();
  expect((await page.request.get(`${BASE_URL}/api/trips/${id}`)).status()).toBe(200);

  await row.getByRole('button', { name: `${admin.trips.unpublish}: ${title}` }).click();
  await expect(row.getByText(admin.trips.statuses.draft, { exact: true })).toBeVisible();
  expect((await page.request.get(`${BASE_URL}/api/trips/${id}`)).status()).toBe(404);

  // Deleting asks first (once the toasts, which may sit over the row on a phone, are gone).
  // (The pointer stays where it last clicked; a toast under it would wait for it to leave.)
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notifications-notification')).toHaveCount(0, { timeout: 8000 });
  await row.getByRole('button', { name: `${admin.trips.delete}: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: admin.trips.confirmDeleteTitle.replace('{{title}}', title) });
  await dialog.getByRole('button', { name: admin.trips.delete, exact: true }).click();
  await expect(toast(page, admin.trips.deleted.replace('{{title}}', title))).toBeVisible();
  await expect(page.getByText(admin.trips.empty)).toBeVisible();
  expect((await page.request.get(`${BASE_URL}/api/admin/trips/${id}`)).status()).toBe(404);
});

test('the admin list shows the demo catalogue and sorts by price', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/trips');
  await page.getByRole('combobox', { name: admin.trips.sort }).click();
  await page.getByRole('option', { name: admin.trips.sorts['fare-desc'], exact: true }).click();
  const dearest = [...DEMO_TRIPS].sort((a, b) => b.fare - a.fare)[0]!;
  await expect(page.getByRole('row').nth(1)).toContainText(dearest.title.en);
});
