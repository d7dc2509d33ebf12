/**
 * The staff dashboard (issue 14, docs/decisions/020) as staff use it: what waits comes first and
 * each item opens its record; a figure opens its list with the same filter, which shows the same
 * count. Desktop in English, a phone in Mongolian. (Every figure against its list, and the
 * periods' edges, are checked on the server: modules/dashboard/dashboard.test.ts.)
 */
import type { Locator, Page } from '@playwright/test';
import { blankVisaForm, addMonths } from '../shared/src/visa-rules.ts';
import { VISA_CONSENT_VERSION } from '../shared/src/consent.ts';
import { BASE_URL, en, expect, fill, mn, signedInContext, test, type Texts } from './fixtures.ts';

const headers = { origin: BASE_URL };

/** The count a figure's card says: its accessible name is "<label>: <value>". */
async function figureValue(card: Locator): Promise<number> {
  const name = (await card.getAttribute('aria-label')) ?? '';
  return Number(name.slice(name.lastIndexOf(':') + 1).replace(/[^\d]/g, ''));
}

/** A list's footer count, in the language's plural form. */
const countText = (texts: object, key: string, count: number) =>
  fill((texts as Record<string, string>)[`${key}_${count === 1 ? 'one' : 'other'}`]!, { count });

async function openDashboard(page: Page, texts: Texts, query = '') {
  await page.goto(`/admin/dashboard${query}`);
  await expect(page.getByRole('heading', { level: 2, name: texts.admin.dashboard.queuesTitle })).toBeVisible();
}

test.describe('staff dashboard', () => {
  test('desktop, English: a queue item opens its application; a figure opens its list showing the same count', async ({
    page,
    browser,
    createUser,
    signInAsAdmin,
  }) => {
    // An application waiting for review (set up through the API, as the form sends it).
    const applicant = await createUser();
    const { context, page: applicantPage } = await signedInContext(browser, applicant.email, applicant.password);
    const created = await applicantPage.request.post('/api/visa-applications', { headers });
    expect(created.status()).toBe(201);
    const { id, version } = (await created.json()) as { id: string; version: number };
    const form = blankVisaForm({
      firstName: 'Dash',
      lastName: 'Board',
      email: applicant.email,
      phone: '+976 9911 2233',
      dateOfBirth: '1990-05-01',
      nationality: 'MN',
      passportNumber: 'E7654321',
      passportExpiryDate: addMonths(new Date().toISOString().slice(0, 10), 60),
      country: 'JP',
      purpose: 'tourism',
      criminalRecord: 'no',
    });
    const saved = await applicantPage.request.put(`/api/visa-applications/${id}`, {
      data: { form },
      headers: { ...headers, 'if-match': `"${version}"` },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect(
      (
        await applicantPage.request.post(`/api/visa-applications/${id}/submit`, {
          headers,
          data: { consent: { version: VISA_CONSENT_VERSION, language: 'en' } },
        })
      ).status(),
    ).toBe(200);
    await context.close();

    await signInAsAdmin();
    await page.setViewportSize({ width: 1280, height: 900 });
    await openDashboard(page, en, '?days=7');
    const t = en.admin.dashboard;

    // The queue, oldest first: its first item opens that application's page.
    const queue = page.getByRole('region', { name: t.queues.visaToReview });
    const first = queue.getByRole('listitem').first();
    const reference = (await first.textContent())?.match(/V-\d{4}-\d+/)?.[0];
    expect(reference).toBeTruthy();
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/visa\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: reference! })).toBeVisible();

    // A figure opens its list with the same filter, and the list counts the same.
    await openDashboard(page, en, '?days=7');
    const figure = page.getByRole('link', { name: new RegExp(`^${t.figures.visa.all}: `) });
    const value = await figureValue(figure);
    expect(value).toBeGreaterThanOrEqual(1);
    await figure.click();
    await expect(page).toHaveURL(/\/admin\/visa\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByText(countText(en.admin.visa, 'count', value), { exact: true })).toBeVisible();
  });

  test('phone, Mongolian: figures stack, and new accounts open the users list with the same count', async ({
    page,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/dashboard?lang=mn');
    const t = mn.admin.dashboard;
    await expect(page.getByRole('heading', { level: 2, name: t.queuesTitle })).toBeVisible();
    await page.getByText(fill(t.days_other, { count: 90 }), { exact: true }).click();
    await expect(page).toHaveURL(/days=90/);
    const figure = page.getByRole('link', { name: new RegExp(`^${t.figures.accounts.new}: `) });
    await expect(figure).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const value = await figureValue(figure);
    expect(value).toBeGreaterThanOrEqual(1);
    await figure.click();
    await expect(page).toHaveURL(/\/admin\/settings\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByText(countText(mn.admin.settings, 'total', value), { exact: true })).toBeVisible();
  });
});
