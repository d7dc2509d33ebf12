/**
 * A back-office list keeps its search, filters, sort and page in the URL: a reload, Back, or the
 * link opened in another tab shows the same list.
 */
import type { Page } from '@playwright/test';
import tripsList from '@aylal/locales/en/tripsList.json' with { type: 'json' };
import { DEMO_TRIPS } from '../server/src/db/seeds/demo-data.ts';
import { BASE_URL, en, expect, signInAsAdmin, test } from './fixtures.ts';

const { admin } = en;

async function expectSameList(page: Page, stamp: string) {
  await expect(page.getByRole('textbox', { name: en.common.search })).toHaveValue(stamp);
  await expect(page.getByRole('combobox', { name: admin.trips.status })).toHaveValue(admin.trips.statuses.draft);
  await expect(page.getByRole('combobox', { name: admin.trips.sort })).toHaveValue(admin.trips.sorts.title);
  await expect(page.getByText(tripsList.results_other.replace('{{count}}', '21'))).toBeVisible();
  // Page 2 of 21 titles sorted A to Z holds the last one only.
  const rows = page.getByRole('row').filter({ hasText: stamp });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${stamp} 21`);
}

test('a back-office list keeps its filters, sort and page through reload, Back and a shared link', async ({
  page,
  context,
}) => {
  await signInAsAdmin(page);
  const stamp = `Listkeep ${Date.now()}`;
  const ids = await Promise.all(
    Array.from({ length: 21 }, async (_, index) => {
      const number = String(index + 1).padStart(2, '0');
      const response = await page.request.post(`${BASE_URL}/api/admin/trips`, {
        headers: { origin: BASE_URL },
        data: {
          ...DEMO_TRIPS[0]!,
          title: { en: `${stamp} ${number}`, mn: `${stamp} ${number}` },
          status: 'draft',
        },
      });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }),
  );

  try {
    await page.goto('/admin/trips');
    await page.getByRole('textbox', { name: en.common.search }).fill(stamp);
    await page.getByRole('combobox', { name: admin.trips.status }).click();
    await page.getByRole('option', { name: admin.trips.statuses.draft, exact: true }).click();
    await page.getByRole('combobox', { name: admin.trips.sort }).click();
    await page.getByRole('option', { name: admin.trips.sorts.title, exact: true }).click();
    await expect(page.getByText(tripsList.results_other.replace('{{count}}', '21'))).toBeVisible();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expectSameList(page, stamp);
    const url = page.url();
    expect(new URL(url).searchParams.get('status')).toBe('draft');
    expect(new URL(url).searchParams.get('page')).toBe('2');

    await page.reload();
    await expectSameList(page, stamp);

    await page.getByRole('link', { name: admin.nav.jobs }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: admin.nav.jobs })).toBeVisible();
    await page.goBack();
    await expectSameList(page, stamp);

    const shared = await context.newPage();
    await shared.goto(url);
    await expectSameList(shared, stamp);
    await shared.close();

    // A search typed after a filter is one step: Back shows the filtered list as it was.
    await page.goto('/admin/trips?status=draft');
    await page.getByRole('textbox', { name: en.common.search }).fill(stamp);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(stamp);
    await page.getByRole('textbox', { name: en.common.search }).fill(`${stamp} x`);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(`${stamp} x`);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('?status=draft');
    await expect(page.getByRole('textbox', { name: en.common.search })).toHaveValue('');
  } finally {
    for (const id of ids) {
      await page.request.delete(`${BASE_URL}/api/admin/trips/${id}`, { headers: { origin: BASE_URL } });
    }
  }
});
