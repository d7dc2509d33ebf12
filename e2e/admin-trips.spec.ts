/**
 * Staff manage the catalogue: every trip listed with drafts, publish and unpublish (the public
 * catalogue follows at once), delete with confirmation.
 */
import type { Page } from '@playwright/test';
import type { TripInput } from '@aylal/shared/schemas/trips';
import { DEMO_TRIPS } from '../server/src/db/seeds/demo-data.ts';
import enForms from '@aylal/locales/en/forms.json' with { type: 'json' };
import { BASE_URL, fill, en, expect, signInAsAdmin, test, toast } from './fixtures.ts';

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

test('an admin creates a trip with the form, adds a picture, and it is on the public site', async ({ page }) => {
  await signInAsAdmin(page);
  const f = admin.tripForm;
  const title = `Form Trip ${Date.now()}`;
  await page.goto('/admin/trips');
  await page.getByRole('link', { name: f.newTrip }).click();
  await expect(page.getByRole('heading', { level: 1, name: f.createTitle })).toBeVisible();

  // Nothing filled in: the server's refusal is shown and nothing is created.
  await page.getByRole('button', { name: f.save, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: f.invalid.split('{{')[0]!.trim() })).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/admin/trips/new`);

  const field = (label: string, language: 'english' | 'mongolian') =>
    page.getByRole('textbox', { name: `${label} (${f[language]})`, exact: true });
  await field(f.fields.title, 'english').fill(title);
  await field(f.fields.title, 'mongolian').fill('Маягтаар үүсгэсэн аялал');
  await field(f.fields.summary, 'english').fill('Made with the form.');
  await field(f.fields.destination, 'english').fill('Terelj');
  await field(f.fields.destination, 'mongolian').fill('Тэрэлж');
  await field(f.fields.country, 'english').fill('Mongolia');
  await field(f.fields.country, 'mongolian').fill('Монгол');
  await field(f.fields.dayTitle, 'english').fill('Into the park');
  await page.getByRole('button', { name: f.add.stop }).click();
  await page.getByRole('textbox', { name: `${f.fields.place} 1 (${f.english})` }).fill('Turtle Rock');
  await page.getByRole('button', { name: f.add.date }).click();
  await page.getByLabel(`${f.fields.date} 1`, { exact: true }).fill('2027-08-01');
  await page.getByText(admin.trips.statuses.published, { exact: true }).click();
  await page.getByRole('button', { name: f.save, exact: true }).click();
  await expect(toast(page, f.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/trips\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: f.editTitle })).toBeVisible();
  const id = page.url().split('/').pop()!;

  // Leaving with unsaved changes asks first; staying keeps what was typed.
  await field(f.fields.summary, 'english').fill('Changed, not saved.');
  await page.getByRole('link', { name: f.back }).click();
  const leave = page.getByRole('dialog', { name: enForms.leave.title });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: enForms.leave.stay }).click();
  await expect(page).toHaveURL(`${BASE_URL}/admin/trips/${id}`);
  await expect(field(f.fields.summary, 'english')).toHaveValue('Changed, not saved.');
  await field(f.fields.summary, 'english').fill('Made with the form.');

  // A picture, uploaded through the file picker.
  const picture = await (await page.request.get(`${BASE_URL}/logo.png`)).body();
  await page.locator('input[type="file"]').setInputFiles({ name: 'rock.png', mimeType: 'image/png', buffer: picture });
  await expect(toast(page, f.uploaded)).toBeVisible();
  await expect(page.getByRole('button', { name: `${f.remove}: 1` })).toBeVisible();
  // A second one, then the second made the cover, described in both languages.
  await page.locator('input[type="file"]').setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByRole('button', { name: `${f.remove}: 2` })).toBeVisible();
  const images = (
    (await (await page.request.get(`${BASE_URL}/api/admin/trips/${id}`)).json()) as {
      images: { id: string; url: string }[];
    }
  ).images;
  const before = images.map((image) => image.id);
  await page.getByRole('button', { name: `${enForms.row.moveEarlier}: 2` }).click();
  await expect(page.getByRole('button', { name: `${enForms.row.moveEarlier}: 1` })).toBeDisabled();
  await expect
    .poll(async () =>
      (
        (await (await page.request.get(`${BASE_URL}/api/admin/trips/${id}`)).json()) as { images: { id: string }[] }
      ).images.map((image) => image.id),
    )
    .toEqual([...before].reverse());
  const cover = page.getByRole('group', { name: fill(f.pictureN, { n: 1 }), exact: true });
  // The page shows the new order too (its own refetch may come after the API says so) before typing.
  await expect(cover.locator('img')).toHaveAttribute('src', `${images[1]!.url}-480.webp`);
  await cover.getByRole('textbox', { name: f.altEn }).fill('Turtle Rock at sunset');
  await cover.getByRole('textbox', { name: f.altMn }).fill('Мэлхий хад нар жаргах үед');
  await cover.getByRole('textbox', { name: f.altMn }).blur();
  await expect(toast(page, f.altSaved)).toBeVisible();

  const publicTrip = await page.request.get(`${BASE_URL}/api/trips/${id}`);
  expect(publicTrip.status()).toBe(200);
  expect(await publicTrip.json()).toMatchObject({
    title: { en: title },
    destination: { en: 'Terelj', mn: 'Тэрэлж' },
    stops: [{ place: { en: 'Turtle Rock' } }],
    departureDates: ['2027-08-01'],
    images: [{ width: 512, alt: { en: 'Turtle Rock at sunset', mn: 'Мэлхий хад нар жаргах үед' } }, { width: 512 }],
  });

  // Leave the demo catalogue as it was for the other specs.
  expect(
    (await page.request.delete(`${BASE_URL}/api/admin/trips/${id}`, { headers: { origin: BASE_URL } })).status(),
  ).toBe(204);
});

test('a trip page already seen in the tab shows the title an admin just saved, without a reload', async ({ page }) => {
  await signInAsAdmin(page);
  const f = admin.tripForm;
  const before = `Seen Trip ${Date.now()}`;
  const after = `${before} renamed`;
  const id = await createTrip(page, {
    ...DEMO_TRIPS[0]!,
    title: { en: before, mn: 'Үзсэн аялал' },
    status: 'published',
  });
  const search = page.getByRole('textbox', { name: en.common.search });
  try {
    // The public page is read once (and kept fresh for a minute) ...
    await page.goto('/admin/trips');
    await search.fill(before);
    await page.getByRole('link', { name: `${admin.trips.view}: ${before}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: before })).toBeVisible();

    // ... the admin renames the trip in the same tab ...
    await page.goBack();
    await search.fill(before);
    await page.getByRole('link', { name: before, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: f.editTitle })).toBeVisible();
    await page.getByRole('textbox', { name: `${f.fields.title} (${f.english})`, exact: true }).fill(after);
    await page.getByRole('button', { name: f.save, exact: true }).click();
    await expect(toast(page, f.saved)).toBeVisible();

    // ... and the public page, opened again without a reload, shows the new title.
    await page.goBack();
    await search.fill(after);
    await page.getByRole('link', { name: `${admin.trips.view}: ${after}` }).click();
    await expect(page).toHaveURL(`${BASE_URL}/trips/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: after })).toBeVisible();
  } finally {
    // Leave the demo catalogue as it was for the other specs.
    await page.request.delete(`${BASE_URL}/api/admin/trips/${id}`, { headers: { origin: BASE_URL } });
  }
});
