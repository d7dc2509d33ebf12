/**
 * The trip catalogue as a visitor uses it: filters kept in the URL (shareable, back and forward
 * work), a trip's page in English and Mongolian, prices in the chosen currency, unknown trips.
 */
import enTripDetails from '@aylal/locales/en/tripDetails.json' with { type: 'json' };
import enTrips from '@aylal/locales/en/tripsList.json' with { type: 'json' };
import mnTripDetails from '@aylal/locales/mn/tripDetails.json' with { type: 'json' };
import { DEMO_TRIPS } from '../server/src/db/seeds/demo-data.ts';
import type { Page } from '@playwright/test';
import { BASE_URL, expect, test } from './fixtures.ts';

const gobi = DEMO_TRIPS.find((trip) => trip.destination.en === 'Gobi Desert')!;
/** The result cards (each an article headed by the trip's title). */
const results = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

test.describe('trip search', () => {
  // On a phone the filters start folded away (trip-filters.tsx): this test opens them there.
  test('filters narrow the list, live in the URL, and back/forward replay them @phone', async ({ page }) => {
    await page.goto('/trips');
    await expect(page.getByText(enTrips.results_other.replace('{{count}}', '12'))).toBeVisible();
    const summary = page.getByText(enTrips.showFilters, { exact: true });
    if (!(await page.getByLabel(enTrips.filters.continent).isVisible())) await summary.click();

    await page.getByLabel(enTrips.filters.continent).selectOption('europe');
    await page.getByRole('button', { name: enTrips.search, exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/trips?continent=europe`);
    const europe = DEMO_TRIPS.filter((trip) => trip.continent === 'europe');
    await expect(results(page)).toHaveCount(europe.length);

    if (!(await page.getByLabel(enTrips.filters.destination).isVisible())) await summary.click();
    await page.getByLabel(enTrips.filters.continent).selectOption('');
    await page.getByLabel(enTrips.filters.destination).fill('gobi');
    await page.getByRole('button', { name: enTrips.search, exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/trips?destination=gobi`);
    await expect(results(page)).toHaveCount(1);
    await expect(results(page).first()).toHaveText(gobi.title.en);

    await page.goBack();
    await expect(page).toHaveURL(`${BASE_URL}/trips?continent=europe`);
    await expect(results(page)).toHaveCount(europe.length);
    await page.goForward();
    await expect(results(page)).toHaveCount(1);
  });

  test('a shared search link opens with its filters applied', async ({ page }) => {
    await page.goto('/trips?type=couple&tags=beach');
    await expect(results(page)).toHaveCount(
      DEMO_TRIPS.filter((trip) => trip.type === 'couple' && trip.tags.includes('beach')).length,
    );
  });

  test('a search nothing matches says so', async ({ page }) => {
    await page.goto('/trips?destination=atlantis');
    await expect(page.getByText(enTrips.empty)).toBeVisible();
  });
});

test.describe('a trip page', () => {
  test('shows the route, the days, the dates and the price, in both languages and currencies @phone', async ({
    page,
  }) => {
    await page.goto('/trips?destination=gobi');
    await results(page).first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: gobi.title.en })).toBeVisible();
    await expect(page.getByRole('heading', { name: enTripDetails.route })).toBeVisible();
    await expect(page.getByText(gobi.stops[0]!.place.en, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 3, name: `Day ${gobi.durationDays} ${gobi.itinerary.at(-1)!.title.en}` }),
    ).toBeVisible();
    // The price is in the facts and, on phones, in the booking bar at the bottom too.
    await expect(page.getByText(`$${gobi.fare.toLocaleString('en-US')}`, { exact: true }).first()).toBeVisible();
    const url = page.url();

    // The server filled the page's head for search engines and shared links.
    const html = await (await page.request.get(url)).text();
    expect(html).toContain(`<title>${gobi.title.en.replace('&', '&amp;')} · Aylal</title>`);

    await page.evaluate(() => localStorage.setItem('currency', 'MNT'));
    await page.goto(`${url}?lang=mn`);
    await expect(page.getByRole('heading', { level: 1, name: gobi.title.mn })).toBeVisible();
    await expect(page.getByRole('heading', { name: mnTripDetails.route })).toBeVisible();
    await expect(page.getByText(gobi.stops[0]!.place.mn, { exact: true })).toBeVisible();
    await expect(
      page.getByText(`₮\u00a0${(gobi.fare * 3450).toLocaleString('en-US')}`, { exact: true }).first(),
    ).toBeVisible();
  });

  test('the gallery opens a picture full size, steps through and closes @phone', async ({ page }) => {
    await page.goto('/trips?destination=gobi');
    await results(page).first().getByRole('link').click();
    await page.getByRole('button', { name: 'Open picture 1 of 3' }).click();
    const viewer = page.getByRole('dialog', { name: enTripDetails.gallery });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('1 / 3')).toBeVisible();
    await viewer.getByRole('button', { name: enTripDetails.viewer.next }).click();
    await expect(viewer.getByText('2 / 3')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test("an unknown trip says 'Trip not found' with a way back", async ({ page }) => {
    const response = await page.goto('/trips/00000000-0000-0000-0000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: enTripDetails.messages.notFound })).toBeVisible();
    await page.getByRole('link', { name: enTripDetails.backToTrips }).click();
    await expect(page).toHaveURL(`${BASE_URL}/trips`);
  });
});
