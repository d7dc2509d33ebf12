/**
 * The home page: the three services and their calls to action, the footer's contact details, the
 * header (transparent over the hero, solid after 20 px of scroll, solid on other pages) and the
 * phone's slide-in menu.
 */
import type { Page } from '@playwright/test';
import { AGENCY_CONTACT } from '../shared/src/agency.ts';
import { BASE_URL, en, expect, loginPanel, test } from './fixtures.ts';

const { landing, footer, publicNav, common } = en;

/** The header's computed background colour, as [r, g, b, alpha]. */
async function headerBackground(page: Page): Promise<number[]> {
  const css = await page.getByRole('banner').evaluate((element) => getComputedStyle(element).backgroundColor);
  const numbers = (css.match(/[\d.]+/g) ?? []).map(Number);
  return numbers.length === 3 ? [...numbers, 1] : numbers;
}
const alphaOf = async (page: Page) => (await headerBackground(page))[3];

test.describe('home page', { tag: '@phone' }, () => {
  test('shows the three services with their calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(en.meta.home.title);
    await expect(page.getByRole('heading', { level: 1, name: landing.hero.title })).toBeVisible();
    await expect(page.getByRole('link', { name: landing.hero.ctaTrips })).toHaveAttribute('href', '/trips');
    await expect(page.getByRole('link', { name: landing.hero.ctaConsult })).toHaveAttribute('href', '/visa');

    await expect(page.getByRole('heading', { level: 2, name: landing.services.title })).toBeVisible();
    for (const [key, path] of [
      ['trips', '/trips'],
      ['jobs', '/jobs'],
      ['visa', '/visa'],
    ] as const) {
      const service = landing.services[key];
      await expect(page.getByRole('heading', { level: 3, name: service.title })).toBeVisible();
      await expect(page.getByText(service.body, { exact: true })).toBeVisible();
      const cta = page.getByRole('link', { name: service.cta, exact: true });
      await expect(cta).toBeVisible();
      await expect(cta).toHaveAttribute('href', path);
    }

    await page.getByRole('link', { name: landing.services.jobs.cta, exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/jobs`);
    await expect(page.getByRole('heading', { level: 1, name: common.pages.jobs.title })).toBeVisible();
  });

  test('the footer gives the contact details', async ({ page }) => {
    await page.goto('/');
    const foot = page.getByRole('contentinfo');
    await expect(foot.getByText(footer.address, { exact: true })).toBeVisible();
    await expect(foot.getByText(footer.hours, { exact: true })).toBeVisible();
    await expect(foot.getByRole('heading', { name: footer.company })).toBeVisible();
    const mail = foot.getByRole('link', { name: AGENCY_CONTACT.email, exact: true });
    await expect(mail).toBeVisible();
    await expect(mail).toHaveAttribute('href', `mailto:${AGENCY_CONTACT.email}`);
    const phone = foot.getByRole('link', { name: AGENCY_CONTACT.phone, exact: true });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute('href', `tel:${AGENCY_CONTACT.phone.replace(/\s/g, '')}`);
    // Travellers have no use for the API's description (staff only in production).
    await expect(foot.locator('a[href^="/api/docs"]')).toHaveCount(0);
    await expect(foot.getByRole('link', { name: publicNav.visa, exact: true })).toHaveAttribute('href', '/visa');
    await expect(
      foot.getByText(footer.rights.replace('{{year}}', String(new Date().getFullYear())), { exact: true }),
    ).toBeVisible();
  });

  test('the header is transparent over the hero and solid after scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: landing.hero.title })).toBeVisible();
    await expect.poll(() => alphaOf(page)).toBe(0);

    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(20);
    await expect.poll(() => alphaOf(page)).toBe(1);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => alphaOf(page)).toBe(0);
  });

  test('the header is solid right away on /trips', async ({ page }) => {
    await page.goto('/trips');
    await expect(page.getByRole('heading', { level: 1, name: common.pages.trips.title })).toBeVisible();
    expect(await alphaOf(page)).toBe(1);
  });
});

test('on a phone the burger opens the slide-in menu', { tag: '@phone-only' }, async ({ page }) => {
  await page.goto('/');
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => document.documentElement.clientWidth),
  );
  const banner = page.getByRole('banner');
  // The bar's own links and Login button are hidden on a phone.
  await expect(banner.getByRole('navigation', { name: publicNav.mainNavigation })).toBeHidden();
  await expect(banner.getByRole('button', { name: publicNav.login, exact: true })).toBeHidden();

  await banner.getByRole('button', { name: publicNav.openMenu }).click();
  const menu = page.getByRole('dialog', { name: publicNav.menu });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('navigation', { name: publicNav.mainNavigation }).getByRole('link')).toHaveText([
    publicNav.home,
    publicNav.trips,
    publicNav.visa,
    publicNav.jobs,
    publicNav.contact,
  ]);
  await expect(menu.getByRole('group', { name: common.language.label, exact: true }).getByRole('button')).toHaveText([
    common.language.en,
    common.language.mn,
  ]);
  await expect(menu.getByRole('group', { name: common.currency.label, exact: true })).toBeVisible();

  // A link closes the menu.
  await menu.getByRole('link', { name: publicNav.trips }).click();
  await expect(page).toHaveURL(`${BASE_URL}/trips`);
  await expect(menu).toBeHidden();

  // Login closes the menu and opens the login panel.
  await banner.getByRole('button', { name: publicNav.openMenu }).click();
  await menu.getByRole('button', { name: publicNav.login, exact: true }).click();
  await expect(loginPanel(page)).toBeVisible();
  await expect(menu).toBeHidden();
});

test('the home page shows new trips with prices in the chosen currency, and open jobs', async ({ page }) => {
  // Drawn by the server: the trips and jobs are in the page before its code runs.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain(`>${landing.showcase.trips}</h2>`);
  expect(html).toContain(`>${landing.showcase.jobs}</h2>`);

  await page.goto('/');
  const trips = page.getByRole('region', { name: landing.showcase.trips });
  const cards = trips.getByRole('listitem');
  await expect(cards).toHaveCount(3);
  const first = cards.first();
  await expect(first.getByText(/^\$[\d,]+$/)).toBeVisible();
  await expect(first.getByText(landing.showcase.perPerson)).toBeVisible();
  await expect(page.getByRole('region', { name: landing.showcase.jobs }).getByRole('listitem')).not.toHaveCount(0);

  // The currency switch changes what is on the page.
  await page
    .getByRole('banner')
    .getByRole('group', { name: common.currency.label, exact: true })
    .getByRole('button', { name: '₮ MNT' })
    .click();
  await expect(first.getByText(/^₮\s?[\d,]+$/)).toBeVisible();

  // Opened later in the same visit, the page asks for the lists itself.
  await trips.getByRole('link', { name: landing.showcase.tripsAll }).click();
  await expect(page).toHaveURL(`${BASE_URL}/trips`);
  await page.getByRole('banner').getByRole('link', { name: publicNav.home, exact: true }).click();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${BASE_URL}/trips/[0-9a-f-]{36}$`));
});
