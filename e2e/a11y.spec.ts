/**
 * Every screen works by keyboard and screen reader (WCAG 2.2 AA): axe-core checks every page of
 * the page registry (shared/src/pages.ts) and every back-office section, signed out, as a
 * traveller with data and as staff, in both languages, at 390 and 1280 px wide. A serious or
 * critical violation fails; the pages checked are printed.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { PAGES, pageOf, PAGE_KEYS } from '../shared/src/pages.ts';
import { Api, BASE_URL, expect, signInAsAdmin, test, waitForLiveApp } from './fixtures.ts';
import { visaApplicationOf } from './support/visa.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [390, 1280] as const;
const LANGUAGES = ['en', 'mn'] as const;
const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/settings',
  '/admin/trips',
  '/admin/consultations',
  '/admin/calendar',
  '/admin/visa',
  '/admin/visa/:id',
  '/admin/jobs',
  '/admin/cv',
  '/admin/contact-us',
  '/admin/notifications',
];

async function check(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // Lists and the footer skip drawing what is off screen (content-visibility: auto), which axe
  // would read as overlapping whatever is drawn there: everything is drawn for the check.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${url}: ${violation.id} (${violation.impact}) at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

async function walk(browser: Browser, who: string, paths: string[], signIn?: (page: Page) => Promise<unknown>) {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 900 } });
    const page = waitForLiveApp(await context.newPage());
    if (signIn) await signIn(page);
    for (const language of LANGUAGES) {
      for (const path of paths) {
        const url = `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
        problems.push(...(await check(page, url)).map((problem) => `${who} ${width}px ${problem}`));
      }
    }
    await context.close();
  }
  console.log(`axe checked, ${who}, at ${WIDTHS.join(' and ')} px in ${LANGUAGES.join(' and ')}: ${paths.join(', ')}`);
  return problems;
}

test.describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  test('no page has a serious or critical violation, signed out, as a traveller or as staff', async ({
    browser,
    page,
    createUser,
  }) => {
    test.setTimeout(900_000);
    // A traveller with data: a visa application submitted, a contact message.
    const traveller = await createUser({ name: 'Oyun Bat' });
    const api = new Api(page.request);
    await api.signIn(traveller.email, traveller.password);
    const headers = { origin: BASE_URL };
    const { id: visaId } = await visaApplicationOf(
      page.request,
      { firstName: 'Oyun', lastName: 'Bat', email: traveller.email },
      { submit: true },
    );
    const trips = (await (await page.request.get('/api/trips?pageSize=1')).json()) as { items: { id: string }[] };
    const jobs = (await (await page.request.get('/api/jobs?pageSize=1')).json()) as { items: { id: string }[] };
    const params: Record<string, string> = {
      id: '',
      reference: 'C-2026-00001',
    };
    const pathOf = (path: string) =>
      path
        .replace('/trips/:id', `/trips/${trips.items[0]!.id}`)
        .replace('/jobs/:id', `/jobs/${jobs.items[0]!.id}`)
        .replace('/visa/:id', `/visa/${visaId}`)
        .replace(/:(\w+)/g, (_, name: string) => params[name] ?? name);

    const publicPaths = PAGE_KEYS.filter((key) => pageOf(key).access === 'public').map((key) =>
      pathOf(PAGES[key].path),
    );
    const travellerPaths = PAGE_KEYS.map((key) => pathOf(PAGES[key].path));
    const adminPaths = ADMIN_PAGES.map(pathOf);

    // The three walks side by side, each in browser contexts of its own.
    const problems = await Promise.all([
      walk(browser, 'signed out', publicPaths),
      walk(browser, 'traveller', travellerPaths, (signed) =>
        new Api(signed.request).signIn(traveller.email, traveller.password),
      ),
      walk(browser, 'staff', adminPaths, signInAsAdmin),
    ]);
    // Leave the staff feed as the other specs expect it: what this walk made is read.
    const staff = await browser.newContext({ baseURL: BASE_URL });
    const staffPage = await staff.newPage();
    await signInAsAdmin(staffPage);
    const unread = (await (
      await staffPage.request.get('/api/admin/notifications?unread=true&pageSize=100')
    ).json()) as {
      items: { id: string }[];
    };
    if (unread.items.length > 0) {
      await staffPage.request.post('/api/admin/notifications/read', {
        headers,
        data: { ids: unread.items.map((item) => item.id), read: true },
      });
    }
    await staff.close();
    expect(problems.flat()).toEqual([]);
  });
});
