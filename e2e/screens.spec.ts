/**
 * Screens (issue 23): the profile asks before unsaved changes are lost; a sent visa application and
 * a trip search on a phone take the reader (and the focus) to what changed; the tab names the page
 * however the reader got there; staff's application page follows the applicant live; the
 * dashboard's charts count in whole numbers on one grid.
 */
import enForms from '@aylal/locales/en/forms.json' with { type: 'json' };
import mnForms from '@aylal/locales/mn/forms.json' with { type: 'json' };
import enProfile from '@aylal/locales/en/profile.json' with { type: 'json' };
import mnProfile from '@aylal/locales/mn/profile.json' with { type: 'json' };
import mnTrips from '@aylal/locales/mn/tripsList.json' with { type: 'json' };
import enVisa from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import mnVisa from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };
import { formatSlot } from '../shared/src/dates.ts';
import { formatDateTimeInZone } from '../shared/src/zone-name.ts';
import {
  ADMIN_NAME,
  Api,
  BASE_URL,
  en,
  expect,
  fill,
  mn,
  ok,
  signedInContext,
  signInAsAdmin,
  test,
  waitForLiveApp,
} from './fixtures.ts';
import { visaApplicationOf } from './support/visa.ts';

const headers = { origin: BASE_URL };

test.describe('screens on a phone, in Mongolian @phone-only', () => {
  test("the profile's question about unsaved changes is not hidden under the menu", async ({ page }) => {
    await new Api(page.request).signUp({ name: 'Гарах Хамгаалалт' });
    await page.goto('/profile?lang=mn');
    const emails = page.getByRole('switch', { name: mnProfile.fields.emailNotifications });
    const before = await emails.isChecked();
    await emails.setChecked(!before, { force: true });
    await page.getByRole('button', { name: mn.publicNav.openMenu }).click();
    const menu = page.getByRole('dialog', { name: mn.publicNav.menu });
    await menu.getByRole('link', { name: mn.publicNav.trips, exact: true }).click();
    const leave = page.getByRole('dialog', { name: mnForms.leave.title });
    await expect(leave).toBeVisible();
    await expect(menu).toBeHidden();
    await leave.getByRole('button', { name: mnForms.leave.stay }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/profile(\?|$)/);
    await expect(emails).toBeChecked({ checked: !before });
  });

  test('a sent visa application brings its confirmation and reference into view, with the focus', async ({ page }) => {
    const user = await new Api(page.request).signUp({ name: 'Нараа Болд' });
    const { id } = await visaApplicationOf(page.request, { firstName: 'Nara', lastName: 'Bold', email: user.email });
    await page.goto(`/visa/${id}/review?lang=mn`);
    await page.getByRole('checkbox', { name: mnVisa.consent.agree }).check();
    const submit = page.getByRole('button', { name: mnVisa.review.submit, exact: true });
    await submit.scrollIntoViewIfNeeded();
    // The button sits far down the review.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await submit.click();

    await expect(page).toHaveURL(`${BASE_URL}/visa/${id}`);
    const confirmation = page.getByRole('alert').filter({ hasText: mnVisa.confirmation.title });
    const { reference } = await ok<{ reference: string }>(
      await page.request.get(`${BASE_URL}/api/visa-applications/${id}`),
    );
    await expect(confirmation).toContainText(reference);
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toBeInViewport({ ratio: 1 });
    // Below the sticky header, not under it, once the page has settled (the screen below the
    // confirmation is still laying out as it scrolls into view).
    const header = (await page.getByRole('banner').boundingBox())!;
    await expect
      .poll(async () => (await confirmation.boundingBox())!.y)
      .toBeGreaterThanOrEqual(header.y + header.height);
  });

  test('a trip search takes the reader past the open filters to its results, with the focus', async ({ page }) => {
    await page.goto('/trips?lang=mn');
    await page.getByText(mnTrips.showFilters, { exact: true }).click();
    await page.getByLabel(mnTrips.filters.continent).selectOption('asia');
    const search = page.getByRole('button', { name: mnTrips.search, exact: true });
    await search.scrollIntoViewIfNeeded();
    await search.click();

    await expect(page).toHaveURL(/[?&]continent=asia/);
    const count = page.locator('#trip-results');
    await expect(count).toHaveText(new RegExp(mnTrips.results_other.replace('{{count}}', '\\d+')));
    await expect(count).toBeFocused();
    await expect(count).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('heading', { level: 2 }).getByRole('link').first()).toBeInViewport();
    // Below the sticky header, not under it.
    const box = (await count.boundingBox())!;
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  });
});

test.describe('screens on a desktop', () => {
  test('the profile asks before a change not yet saved is left behind', async ({ page }) => {
    await new Api(page.request).signUp({ name: 'Leave Guard' });
    await page.goto('/profile?lang=en');
    const emails = page.getByRole('switch', { name: enProfile.fields.emailNotifications });
    const before = await emails.isChecked();
    await emails.setChecked(!before, { force: true });

    const trips = page.getByRole('banner').getByRole('link', { name: en.publicNav.trips, exact: true });
    await trips.click();
    const leave = page.getByRole('dialog', { name: enForms.leave.title });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: enForms.leave.stay }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/profile(\?|$)/);
    await expect(emails).toBeChecked({ checked: !before });

    // Saved, the way out is free.
    await page.getByRole('button', { name: enProfile.save }).click();
    await expect(page.getByText(enProfile.messages.saved)).toBeVisible();
    await trips.click();
    await expect(page).toHaveURL(`${BASE_URL}/trips`);
    await expect(leave).toHaveCount(0);
  });

  test('the tab names the page reached by a click: a trip and a job by their own names, in both languages, and the site after the back office', async ({
    page,
  }) => {
    const trip = (await ok<{ items: { title: { en: string; mn: string } }[] }>(await page.request.get('/api/trips')))
      .items[0]!;
    const job = (
      await ok<{ items: { title: { en: string; mn: string }; company: string }[] }>(await page.request.get('/api/jobs'))
    ).items[0]!;

    await page.goto('/trips?lang=en');
    await expect(page).toHaveTitle(en.meta.trips.title);
    await page.getByRole('link', { name: trip.title.en, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: trip.title.en })).toBeVisible();
    await expect(page).toHaveTitle(`${trip.title.en} · Aylal`);
    await page.getByRole('banner').getByRole('link', { name: en.publicNav.jobs, exact: true }).click();
    await expect(page).toHaveTitle(en.meta.jobs.title);
    await page.getByRole('link', { name: job.title.en, exact: true }).first().click();
    await expect(page).toHaveTitle(`${job.title.en} · ${job.company}`);

    await page.goto('/trips?lang=mn');
    await page.getByRole('link', { name: trip.title.mn, exact: true }).first().click();
    await expect(page).toHaveTitle(`${trip.title.mn} · Аялал`);
    await page.getByRole('banner').getByRole('link', { name: mn.publicNav.jobs, exact: true }).click();
    await expect(page).toHaveTitle(mn.meta.jobs.title);

    // Into the back office and out again: each side names itself.
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard?lang=en');
    await expect(page).toHaveTitle(en.meta.admin.title);
    await page.getByRole('navigation', { name: en.admin.nav.label }).locator('a[href="/"]').click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page).toHaveTitle(en.meta.home.title);
  });

  test("staff's application page follows the applicant sending it again, without a reload", async ({
    browser,
    page,
    createUser,
  }) => {
    const applicant = await createUser({ name: 'Nara Live' });
    const { context, page: mine } = await signedInContext(browser, applicant.email, applicant.password);
    const { id, reference } = await visaApplicationOf(
      mine.request,
      { firstName: 'Nara', lastName: 'Live', email: applicant.email },
      { submit: true },
    );

    await signInAsAdmin(page);
    const act = async (data: object) =>
      ok(await page.request.post(`${BASE_URL}/api/admin/visa-applications/${id}/actions`, { headers, data }));
    await act({ action: 'start-review' });
    await act({ action: 'request-action', section: 'passport', message: 'Please check the passport number.' });
    await page.goto(`/admin/visa/${id}?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: reference! })).toBeVisible();
    const waiting = page.getByText(fill(en.admin.visa.detail.waitingFor, { section: enVisa.sections.passport }));
    await expect(waiting).toBeVisible();
    const resubmitted = page.getByText(fill(en.admin.visa.history.resubmitted, { actor: 'Nara Live' }), {
      exact: true,
    });
    await expect(resubmitted).toHaveCount(0);

    // The applicant sends it again from their own browser; staff's open page follows.
    await ok(await mine.request.post(`${BASE_URL}/api/visa-applications/${id}/submit`, { headers, data: {} }));
    await expect(resubmitted).toBeVisible({ timeout: 5_000 });
    await expect(waiting).toHaveCount(0);
    await context.close();
  });

  test("staff in New York read an application's history as sentences, on Ulaanbaatar's clock, named", async ({
    browser,
    createUser,
  }) => {
    const applicant = await createUser({ name: 'Nara Clock' });
    const { context: mine, page: applicantPage } = await signedInContext(browser, applicant.email, applicant.password);
    const { id } = await visaApplicationOf(
      applicantPage.request,
      { firstName: 'Nara', lastName: 'Clock', email: applicant.email },
      { submit: true },
    );
    await mine.close();

    const context = await browser.newContext({ baseURL: BASE_URL, timezoneId: 'America/New_York' });
    const page = waitForLiveApp(await context.newPage());
    await signInAsAdmin(page);
    const act = async (data: object) =>
      ok(await page.request.post(`${BASE_URL}/api/admin/visa-applications/${id}/actions`, { headers, data }));
    await act({ action: 'start-review' });
    const message = 'A new passport, please';
    await act({ action: 'request-action', section: 'passport', message });
    const detail = await ok<{ events: { kind: string; createdAt: string }[] }>(
      await page.request.get(`${BASE_URL}/api/admin/visa-applications/${id}`),
    );
    const asked = detail.events.find((event) => event.kind === 'request-action')!.createdAt;

    await page.goto(`/admin/visa/${id}?lang=en`);
    // Each step of the history: its sentence, then its time on the agency's clock, named.
    const step = (sentence: string) => page.locator('.mantine-Timeline-item').filter({ hasText: sentence });
    const askedLine = fill(en.admin.visa.history.requestActionSaying, {
      actor: ADMIN_NAME,
      section: enVisa.sections.passport,
      message,
    });
    await expect(step(askedLine).getByText(askedLine, { exact: true })).toBeVisible();
    await expect(step(fill(en.admin.visa.history['start-review'], { actor: ADMIN_NAME }))).toBeVisible();
    await expect(step(fill(en.admin.visa.history.submitted, { actor: 'Nara Clock' }))).toBeVisible();
    const when = formatDateTimeInZone(asked, 'en', 'Asia/Ulaanbaatar');
    expect(when).toContain('(Ulaanbaatar time)');
    await expect(step(askedLine).getByText(when, { exact: true })).toBeVisible();

    await page.goto(`/admin/visa/${id}?lang=mn`);
    const mnAskedLine = fill(mn.admin.visa.history.requestActionSaying, {
      actor: ADMIN_NAME,
      section: mnVisa.sections.passport,
      message,
    });
    const mnWhen = formatDateTimeInZone(asked, 'mn', 'Asia/Ulaanbaatar');
    expect(mnWhen).toContain('(Улаанбаатарын цагаар)');
    await expect(step(mnAskedLine).getByText(mnWhen, { exact: true })).toBeVisible();
    await context.close();
  });

  test("staff in New York read a consultation's history as sentences, on Ulaanbaatar's clock, named", async ({
    browser,
    createUser,
  }) => {
    const traveller = await createUser({ name: `Saran ${Date.now().toString(36)}` });
    const { context: theirs, page: travellerPage } = await signedInContext(
      browser,
      traveller.email,
      traveller.password,
    );
    const trips = await ok<{ items: { id: string }[] }>(
      await travellerPage.request.get(`${BASE_URL}/api/trips?pageSize=12`),
    );
    const { slots } = await ok<{ slots: string[] }>(
      await travellerPage.request.get(`${BASE_URL}/api/consultations/slots`),
    );
    const startsAt = slots[10 + Math.floor(Math.random() * Math.min(60, slots.length - 10))]!;
    const { id, endsAt } = await ok<{ id: string; endsAt: string }>(
      await travellerPage.request.post(`${BASE_URL}/api/consultations`, {
        data: { tripId: trips.items[0]!.id, startsAt, acknowledgedPolicy: true },
        headers,
      }),
      201,
    );
    await theirs.close();

    const context = await browser.newContext({ baseURL: BASE_URL, timezoneId: 'America/New_York' });
    const page = waitForLiveApp(await context.newPage());
    await signInAsAdmin(page);
    const detail = await ok<{ events: { kind: string; at: string }[] }>(
      await page.request.post(`${BASE_URL}/api/admin/consultations/${id}/actions`, {
        data: { action: 'confirm', note: 'See you at ten.' },
        headers,
      }),
    );
    const confirmed = detail.events.find((event) => event.kind === 'confirmed')!.at;

    await page.goto('/admin/consultations?lang=en');
    await page.getByRole('textbox', { name: en.common.search }).fill(traveller.name);
    const row = page.getByRole('row', { name: new RegExp(traveller.name) });
    await expect(row).toHaveCount(1);
    // The list's time is the agency's too, not New York's.
    await expect(row).toContainText(formatSlot(startsAt, endsAt, 'en', { timeZone: 'Asia/Ulaanbaatar' }));
    await row.getByRole('button', { name: `${en.admin.consultations.open}: ${traveller.name}` }).click();
    const drawer = page.getByRole('dialog', { name: en.admin.consultations.detailTitle });
    const step = (sentence: string) => drawer.locator('.mantine-Timeline-item').filter({ hasText: sentence });
    await expect(step(fill(en.admin.consultations.said.booked, { actor: traveller.name }))).toBeVisible();
    const confirmedLine = step(fill(en.admin.consultations.said.confirmed, { actor: ADMIN_NAME }));
    await expect(confirmedLine.getByText('See you at ten.', { exact: true })).toBeVisible();
    const when = formatDateTimeInZone(confirmed, 'en', 'Asia/Ulaanbaatar');
    expect(when).toContain('(Ulaanbaatar time)');
    await expect(confirmedLine.getByText(when, { exact: true })).toBeVisible();
    await context.close();
  });

  test("the dashboard's charts count in whole, evenly spaced steps, with one grid line each", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard?lang=en');
    const charts = page.locator('.recharts-wrapper');
    await expect(charts).toHaveCount(4);
    for (const chart of await charts.all()) {
      const ticks = chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await expect(ticks.first()).toBeVisible();
      const values = (await ticks.allTextContents()).map((text) => Number(text.replace(/,/g, '')));
      expect(values.every(Number.isInteger), values.join(' ')).toBe(true);
      const steps = new Set(values.slice(1).map((value, index) => value - values[index]!));
      expect(steps.size, values.join(' ')).toBe(1);
      expect(values[0]).toBe(0);
      // One horizontal line per tick, and no other grid.
      await expect(chart.locator('.recharts-cartesian-grid-horizontal line')).toHaveCount(values.length);
      await expect(chart.locator('.recharts-cartesian-grid-vertical line')).toHaveCount(0);
    }
  });
});
