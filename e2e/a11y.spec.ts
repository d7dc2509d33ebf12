/**
 * Every screen works by keyboard and screen reader (WCAG 2.2 AA): axe-core checks every page of
 * the page registry (shared/src/pages.ts) and every back-office section, signed out, as a
 * traveller with data and as staff, in both languages, at 390 and 1280 px wide. A serious or
 * critical violation fails; the pages checked are printed.
 *
 * Cheaply: one browser context per role, signed in once; each page is loaded once per language
 * (the language is chosen at load) at 390 px, checked, widened to 1280 px and checked again (the
 * layout is CSS; the one component that reads the width, the trip filters, follows a resize).
 * Three tabs (as many as the walks side by side before) share one list of checks, so no role's
 * long list sets the pace.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PAGES, pageOf, PAGE_KEYS } from '../shared/src/pages.ts';
import { Api, BASE_URL, expect, signInAsAdmin, test, waitForLiveApp } from './fixtures.ts';
import { visaApplicationOf } from './support/visa.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The first is the width each page loads at; it is then widened to the others. */
const WIDTHS = [390, 1280] as const;
const HEIGHT = 900;
const LANGUAGES = ['en', 'mn'] as const;
/** Tabs checking side by side (two cores: while one waits for the network, another runs axe). */
const LANES = 3;
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

/** Every check, shared among LANES tabs; each tab opens its pages in the context of the check's role. */
async function checkAll(contexts: Record<Role, BrowserContext>, checks: Check[]): Promise<string[]> {
  const queue = [...checks];
  const problems: string[] = [];
  const lane = async () => {
    let tab: { role: Role; page: Page; busy: () => number } | undefined;
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (tab?.role !== next.who) {
        await tab?.page.close();
        tab = { role: next.who, ...(await openTab(contexts[next.who])) };
      }
      problems.push(...(await check(tab, next)));
    }
    await tab?.page.close();
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return problems;
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE_URL, viewport: { width: WIDTHS[0], height: HEIGHT } });
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

    // One context per role, signed in once.
    const contexts: Record<Role, BrowserContext> = {
      'signed out': await newContext(browser),
      traveller: await newContext(browser),
      staff: await newContext(browser),
    };
    await new Api(contexts.traveller.request).signIn(traveller.email, traveller.password);
    const staffPage = await contexts.staff.newPage();
    await signInAsAdmin(staffPage);
    await staffPage.close();

    const paths: Record<Role, string[]> = { 'signed out': publicPaths, traveller: travellerPaths, staff: adminPaths };
    const checks = (Object.keys(paths) as Role[]).flatMap((who) =>
      LANGUAGES.flatMap((language) =>
        paths[who].map((path) => ({ who, url: `${path}${path.includes('?') ? '&' : '?'}lang=${language}` })),
      ),
    );
    const problems = await checkAll(contexts, checks);
    for (const who of Object.keys(paths) as Role[]) {
      console.log(
        `axe checked, ${who}, at ${WIDTHS.join(' and ')} px in ${LANGUAGES.join(' and ')}: ${paths[who].join(', ')}`,
      );
    }

    // Leave the staff feed as the other specs expect it: what this walk made is read.
    const unread = (await (
      await contexts.staff.request.get('/api/admin/notifications?unread=true&pageSize=100')
    ).json()) as {
      items: { id: string }[];
    };
    if (unread.items.length > 0) {
      await contexts.staff.request.post('/api/admin/notifications/read', {
        headers,
        data: { ids: unread.items.map((item) => item.id), read: true },
      });
    }
    for (const context of Object.values(contexts)) await context.close();
    expect(problems).toEqual([]);
  });
});
