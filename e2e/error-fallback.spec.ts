/**
 * The spec's error screen: when a screen cannot load (a dropped connection on a phone), the visitor
 * sees 'Oops! Something went wrong' with Try Again and Reload Page, and Try Again recovers.
 */
import { en, expect, test } from './fixtures.ts';

const { common } = en;

test('a screen that fails to load shows the error screen, and Try Again recovers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: en.landing.hero.title })).toBeVisible();

  // The trips screen's code cannot be fetched.
  let blocked = true;
  await page.route(/\/assets\/trips-[^/]+\.js$/, (route) => (blocked ? route.abort('failed') : route.continue()));
  await page.goto('/trips');
  await expect(page.getByRole('heading', { name: common.errorFallback.title })).toBeVisible();
  await expect(page.getByText(common.errorFallback.advice.split('{{')[0]!.trim())).toBeVisible();
  await expect(page.getByRole('button', { name: common.errorFallback.reload })).toBeVisible();

  blocked = false;
  await page.getByRole('button', { name: common.errorFallback.tryAgain }).click();
  await expect(page.getByRole('heading', { level: 1, name: common.pages.trips.title })).toBeVisible();
});
