/**
 * Every screen works by keyboard and screen reader (WCAG 2.2 AA): axe-core checks every page of
 * the page registry (shared/src/pages.ts) and every back-office section, signed out, as a
 * traveller with data and as staff, in both languages, at 390 and 1280 px wide. A serious or
 * critical violation fails; the pages checked are printed.
 *
 * Cheaply: each page is loaded once (the language is chosen at load) at 390 px, checked, widened
 * to 1280 px and checked again (the layout is CSS; the one component that reads the width, the
 * trip filters, follows a resize). The walk is cut into independent tests of about ten pages each
 * (who is looking, which pages, which language), each with its own traveller and browser context,
 * so both workers share it; inside a test, three tabs take the pages from one list.
 */
import AxeBuilder from '@axe-core/playwright';
import common from '@aylal/locales/en/common.json' with { type: 'json' };
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PAGES, pageOf, PAGE_KEYS } from '../shared/src/pages.ts';
import { Api, BASE_URL, expect, ok, signInAsAdmin, test, waitForLiveApp } from './fixtures.ts';
import { visaApplicationOf } from './support/visa.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The first is the width each page loads at; it is then widened to the others. */
const WIDTHS = [390, 1280] as const;
const HEIGHT = 900;
const LANGUAGES = ['en', 'mn'] as const;
/** Tabs checking side by side in a test (while one waits for the network, another runs axe). */
const LANES = 3;
const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/settings',
  '/admin/trips',
  '/admin/consultations',
  '/admin/calendar',
  '/admin/visa',
  '/admin/visa/:id',
  '/admin/payments',
  '/admin/jobs',
  '/admin/cv',
  '/admin/contact-us',
  '/admin/notifications',
];

type Role = 'signed out' | 'traveller' | 'staff';
interface Check {
  who: Role;
  url: string;
}

/** A tab of the role's context that knows how many of its requests are still under way (the live stream aside). */
async function openTab(context: BrowserContext): Promise<{ page: Page; busy: () => number }> {
  const page = waitForLiveApp(await context.newPage());
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  let pending = 0;
  const counted = (request: { resourceType(): string }) => request.resourceType() !== 'eventsource';
  page.on('request', (request) => {
    if (counted(request)) pending += 1;
  });
  const settled = (request: { resourceType(): string }) => {
    if (counted(request)) pending -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return { page, busy: () => pending };
}

/** axe on the page as it is now: its serious and critical violations, each named with where it was. */
async function axe(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/** One page in one language, at every width: loaded once at the first, then widened. */
async function check(tab: { page: Page; busy: () => number }, { who, url }: Check): Promise<string[]> {
  const { page } = tab;
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // Lists and the footer skip drawing what is off screen (content-visibility: auto), which axe
  // would read as overlapping whatever is drawn there: everything is drawn for the check.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const problems = await axe(page, `${who} ${WIDTHS[0]}px ${url}`);
  for (const width of WIDTHS.slice(1)) {
    await page.setViewportSize({ width, height: HEIGHT });
    // The new layout drawn, and whatever it asked the server for arrived.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect.poll(tab.busy).toBe(0);
    problems.push(...(await axe(page, `${who} ${width}px ${url}`)));
  }
  return problems;
}

/** Every check, shared among LANES tabs of the one context. */
async function checkAll(context: BrowserContext, checks: Check[]): Promise<string[]> {
  const queue = [...checks];
  const problems: string[] = [];
  const lane = async () => {
    if (queue.length === 0) return;
    const tab = await openTab(context);
    for (let next = queue.shift(); next; next = queue.shift()) problems.push(...(await check(tab, next)));
    await tab.page.close();
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return problems;
}

/** Which pages a test walks: the registry's public ones, its account ones, or the back office. */
type Pages = 'public' | 'account' | 'back office';
const PARTS: { who: Role; pages: Pages }[] = [
  { who: 'signed out', pages: 'public' },
  { who: 'traveller', pages: 'public' },
  { who: 'traveller', pages: 'account' },
  { who: 'staff', pages: 'back office' },
];

/** Staff's unread feed, marked read: other specs expect it so, and a submitted application adds to it. */
async function readStaffFeed(staff: BrowserContext): Promise<void> {
  const unread = await ok<{ items: { id: string }[] }>(
    await staff.request.get('/api/admin/notifications?unread=true&pageSize=100'),
  );
  if (unread.items.length === 0) return;
  const response = await staff.request.post('/api/admin/notifications/read', {
    headers: { origin: BASE_URL },
    data: { ids: unread.items.map((item) => item.id), read: true },
  });
  expect(response.status()).toBe(204);
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE_URL, viewport: { width: WIDTHS[0], height: HEIGHT } });
}

/** A context of its own signed in as staff. */
async function staffContext(browser: Browser): Promise<BrowserContext> {
  const context = await newContext(browser);
  await signInAsAdmin(await context.newPage());
  return context;
}

test.describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  // Each test has its own traveller and context: they can run on either worker, side by side.
  test.describe.configure({ mode: 'parallel' });

  for (const language of LANGUAGES) {
    for (const { who, pages } of PARTS) {
      test(`no serious or critical violation: ${who}, ${pages} pages, ${language}`, async ({
        browser,
        page,
        createUser,
      }) => {
        test.setTimeout(300_000);
        const trips = await ok<{ items: { id: string }[] }>(await page.request.get('/api/trips?pageSize=1'));
        const jobs = await ok<{ items: { id: string }[] }>(await page.request.get('/api/jobs?pageSize=1'));
        // A traveller with data (a visa application submitted), seen by the traveller or by staff.
        const traveller = who === 'signed out' ? undefined : await createUser({ name: 'Oyun Bat' });
        let visaId = '';
        if (traveller) {
          await new Api(page.request).signIn(traveller.email, traveller.password);
          ({ id: visaId } = await visaApplicationOf(
            page.request,
            { firstName: 'Oyun', lastName: 'Bat', email: traveller.email },
            { submit: true },
          ));
        }
        const params: Record<string, string> = { id: '', reference: 'C-2026-00001' };
        const pathOf = (path: string) =>
          path
            .replace('/trips/:id', `/trips/${trips.items[0]!.id}`)
            .replace('/jobs/:id', `/jobs/${jobs.items[0]!.id}`)
            .replace('/visa/:id', `/visa/${visaId}`)
            .replace(/:(\w+)/g, (_, name: string) => params[name] ?? name);
        const paths = (
          pages === 'back office'
            ? ADMIN_PAGES
            : PAGE_KEYS.filter((key) => pageOf(key).access === pages).map((key) => PAGES[key].path)
        ).map(pathOf);

        const context = who === 'staff' ? await staffContext(browser) : await newContext(browser);
        if (who === 'traveller') await new Api(context.request).signIn(traveller!.email, traveller!.password);
        const checks = paths.map((path) => ({ who, url: `${path}${path.includes('?') ? '&' : '?'}lang=${language}` }));
        const problems = await checkAll(context, checks);
        console.log(`axe checked, ${who}, at ${WIDTHS.join(' and ')} px in ${language}: ${paths.join(', ')}`);

        if (traveller) {
          const staff = who === 'staff' ? context : await staffContext(browser);
          await readStaffFeed(staff);
          await staff.close();
        }
        await context.close();
        expect(problems).toEqual([]);
      });
    }
  }
});

test('a screen still loading passes too: the dashboard while its figures are on their way', async ({ page }) => {
  await signInAsAdmin(page);
  // The figures held back, so the loading state is what axe reads.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/dashboard**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/dashboard?lang=en');
  const loading = page.getByRole('status', { name: common.loading });
  await expect(loading).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze();
  expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);
  release();
  await expect(loading).toBeHidden();
});
