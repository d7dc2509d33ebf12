/**
 * Jobs and CVs as a job seeker meets them: building a CV in Mongolian and downloading its PDF,
 * finding a job, and applying with the spec's three refusals (signed out, no CV, applied already),
 * at desktop and phone width.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import enCv from '@aylal/locales/en/cv.json' with { type: 'json' };
import enForms from '@aylal/locales/en/forms.json' with { type: 'json' };
import enJobs from '@aylal/locales/en/jobs.json' with { type: 'json' };
import mnCv from '@aylal/locales/mn/cv.json' with { type: 'json' };
import { DEMO_JOBS } from '../server/src/db/seeds/demo-data.ts';
import enAdmin from '@aylal/locales/en/admin.json' with { type: 'json' };
import { Api, BASE_URL, en, expect, fill, loginPanel, signInAsAdmin, submitLogin, test, toast } from './fixtures.ts';
import { samplePdf } from './support/pdf.ts';

/** A demo job's id, found through the public API. */
async function jobId(page: Page, index: number): Promise<string> {
  const response = await page.request.get(`${BASE_URL}/api/jobs?pageSize=50`);
  const body = (await response.json()) as { items: { id: string; title: { en: string } }[] };
  return body.items.find((item) => item.title.en === DEMO_JOBS[index]!.title.en)!.id;
}

/** Picks a month and a year in the CV's month field labelled `label` (within `scope`, one entry). */
async function pickMonth(
  page: Page,
  label: string,
  texts: typeof enCv,
  month: string,
  year: string,
  scope: Page | Locator = page,
) {
  await scope.getByRole('combobox', { name: `${label}: ${texts.month}`, exact: true }).click();
  await page.getByRole('option', { name: month, exact: true }).click();
  await scope.getByRole('combobox', { name: `${label}: ${texts.year}`, exact: true }).fill(year);
  await page.getByRole('option', { name: year, exact: true }).click();
}

test.describe('the CV', () => {
  test('a job seeker builds a CV in Mongolian, is told what to mend, saves it and downloads its PDF @phone-only', async ({
    page,
  }) => {
    await new Api(page.request).signUp({ name: 'Test User' });
    // No CV yet is an empty state, not a refused request in the console.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/cv?lang=mn');
    // A welcome that says what to do, not "CV not found"; its button takes the keyboard to the form.
    await expect(page.getByRole('heading', { name: mnCv.welcome.title })).toBeVisible();
    await expect(page.getByText('CV олдсонгүй')).toHaveCount(0);
    expect(consoleErrors.filter((text) => text.includes('404'))).toEqual([]);
    await page.getByRole('button', { name: mnCv.welcome.start }).click();
    await expect(page.getByLabel(mnCv.fields.fullName)).toBeFocused();

    await page.getByLabel(mnCv.fields.fullName).fill('Батбаяр Дорж');
    await page.getByLabel(mnCv.fields.title).fill('Гагнуурчин');
    await page.getByRole('button', { name: mnCv.add.experience }).click();
    await page.getByLabel(mnCv.fields.position).fill('Ахлах гагнуурчин');
    // Saved without the company or a start: told so, and nothing typed is lost.
    await page.getByRole('button', { name: mnCv.save }).click();
    await expect(page.getByText(mnCv.errors.company)).toBeVisible();
    await expect(page.getByText(mnCv.errors.start)).toBeVisible();
    await expect(page.getByLabel(mnCv.fields.position)).toHaveValue('Ахлах гагнуурчин');

    await page.getByLabel(mnCv.fields.company).fill('Монгол Ган ХХК');
    await pickMonth(page, mnCv.fields.start, mnCv, '3-р сар', '2018');
    await page.getByLabel(mnCv.fields.current).check();
    await page.getByRole('button', { name: mnCv.add.skills }).click();
    await page.getByRole('textbox', { name: mnCv.fields.skill, exact: true }).fill('MIG/MAG гагнуур');
    await page.getByRole('button', { name: mnCv.add.languages }).click();
    await page.getByRole('textbox', { name: mnCv.fields.language, exact: true }).fill('Англи');
    await page.getByRole('button', { name: mnCv.save }).click();
    await expect(toast(page, mnCv.saved)).toBeVisible();
    await expect(page.getByRole('heading', { name: mnCv.welcome.title })).toBeHidden();

    // Read back after a reload, in the order given.
    await page.reload();
    await expect(page.getByLabel(mnCv.fields.company)).toHaveValue('Монгол Ган ХХК');
    await expect(page.getByRole('textbox', { name: mnCv.fields.skill, exact: true })).toHaveValue('MIG/MAG гагнуур');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: mnCv.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^CV-.*\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
  });

  test('entries move and go with their messages, removing typed work asks first, and a save from another tab is not lost', async ({
    page,
  }) => {
    await new Api(page.request).signUp({ name: 'Nomin Tsend' });
    await page.goto('/cv');
    const skills = page.getByRole('textbox', { name: enCv.fields.skill, exact: true });

    // Two skills, the second moved up.
    for (const name of ['Welding', 'Forklift']) {
      await page.getByRole('button', { name: enCv.add.skills }).click();
      await skills.last().fill(name);
    }
    await page.getByRole('button', { name: `${enForms.row.moveUp}: Forklift` }).click();
    await expect(skills.first()).toHaveValue('Forklift');
    await expect(skills.last()).toHaveValue('Welding');

    // An unfinished job told off, then moved: its message goes with it.
    await page.getByRole('button', { name: enCv.add.experience }).click();
    await page.getByLabel(enCv.fields.position).last().fill('Fitter');
    await page.getByRole('button', { name: enCv.add.experience }).click();
    await page.getByLabel(enCv.fields.position).last().fill('Welder');
    await page.getByLabel(enCv.fields.company).last().fill('Erdenet Mining');
    const fitter = page.getByRole('group', { name: 'Fitter' });
    const welder = page.getByRole('group', { name: 'Welder' });
    await pickMonth(page, enCv.fields.start, enCv, 'April', '2019', welder);
    await page.getByRole('button', { name: enCv.save }).click();
    await expect(fitter.getByText(enCv.errors.company)).toBeVisible();
    await page.getByRole('button', { name: `${enForms.row.moveDown}: Fitter` }).click();
    await expect(fitter.getByText(enCv.errors.company)).toBeVisible();
    await expect(welder.getByText(enCv.errors.company)).toHaveCount(0);

    // Removing what has typed work in it asks; "Keep it" keeps it, "Remove" removes it.
    await page.getByRole('button', { name: `${enForms.row.remove}: Fitter` }).click();
    const ask = page.getByRole('dialog', { name: enForms.removeRow.title });
    await expect(ask.getByText(fill(enCv.removeEntry.body, { label: 'Fitter' }))).toBeVisible();
    await ask.getByRole('button', { name: enForms.removeRow.cancel }).click();
    await expect(fitter).toBeVisible();
    await page.getByRole('button', { name: `${enForms.row.remove}: Fitter` }).click();
    await ask.getByRole('button', { name: enForms.removeRow.confirm }).click();
    await expect(fitter).toHaveCount(0);
    // An empty entry goes at once.
    await page.getByRole('button', { name: enCv.add.languages }).click();
    await page.getByRole('button', { name: `${enForms.row.remove}: ${fill(enCv.entry.languages, { n: 1 })}` }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByText(enCv.empty.languages)).toBeVisible();

    await page.getByRole('button', { name: enCv.save }).click();
    await expect(toast(page, enCv.saved)).toBeVisible();
    await page.reload();
    await expect(skills.first()).toHaveValue('Forklift');
    await expect(page.getByLabel(enCv.fields.position)).toHaveValue('Welder');

    // Another tab saves first; this one is told, and chooses.
    const other = await page.context().newPage();
    await other.goto('/cv');
    await other.getByLabel(enCv.fields.title).fill('Welder (phone)');
    await other.getByRole('button', { name: enCv.save }).click();
    await expect(toast(other, enCv.saved)).toBeVisible();
    await page.getByLabel(enCv.fields.title).fill('Senior welder');
    await expect(page.getByText(`${enCv.unsaved} ${enCv.downloadHint}`)).toBeVisible();
    await page.getByRole('button', { name: enCv.save }).click();
    const conflict = page.getByRole('dialog', { name: enCv.conflict.title });
    await expect(conflict).toBeVisible();
    await conflict.getByRole('button', { name: enCv.conflict.keepMine }).click();
    await expect(toast(page, enCv.saved)).toBeVisible();
    await other.reload();
    await expect(other.getByLabel(enCv.fields.title)).toHaveValue('Senior welder');

    // The other way round: the tab behind loads what was saved.
    await other.getByLabel(enCv.fields.title).fill('Welder, six years');
    await other.getByRole('button', { name: enCv.save }).click();
    await expect(toast(other, enCv.saved)).toBeVisible();
    await page.getByLabel(enCv.fields.summary).fill('Typed in the older tab');
    await page.getByRole('button', { name: enCv.save }).click();
    await conflict.getByRole('button', { name: enCv.conflict.loadSaved }).click();
    await expect(page.getByLabel(enCv.fields.title)).toHaveValue('Welder, six years');
    await expect(page.getByLabel(enCv.fields.summary)).toHaveValue('');
    await other.close();
  });
});

test.describe('applying for a job', () => {
  test('signed out, without a CV, then applied once; a second try is refused', async ({ page, browser }) => {
    const id = await jobId(page, 3);
    await page.goto('/jobs');
    await page.getByRole('link', { name: DEMO_JOBS[3]!.title.en }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${id}$`));
    const apply = page.getByRole('button', { name: enJobs.apply.button }).last();

    // Signed out: the spec's message and the login panel.
    await apply.click();
    await expect(toast(page, enJobs.messages.mustLogin)).toBeVisible();
    await expect(loginPanel(page)).toBeVisible();
    await page.keyboard.press('Escape');

    // Signed in without a CV: the spec's message and the way to make one.
    await new Api(page.request).signUp({ name: 'Saraa Bold' });
    await page.reload();
    await apply.click();
    const dialog = page.getByRole('dialog', { name: enJobs.apply.confirmTitle });
    await expect(dialog.getByText(enJobs.messages.cvNotFound)).toBeVisible();
    await dialog.getByRole('link', { name: enJobs.apply.createCv }).click();
    await expect(page).toHaveURL(/\/cv\?next=/);
    await page.getByLabel(enCv.fields.title).fill('Registered nurse');
    await page.getByRole('button', { name: enCv.save }).click();
    await expect(toast(page, enCv.saved)).toBeVisible();
    await page.getByRole('link', { name: enCv.backToJob }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${id}$`));

    // A second tab, open on the job before the application is sent.
    const other = await page.context().newPage();
    // Settled (it knows this user has not applied yet) before the first tab applies.
    await Promise.all([
      other.waitForResponse((response) => response.url().endsWith('/api/applications') && response.ok()),
      other.goto(`/jobs/${id}`),
    ]);
    await expect(other.getByRole('button', { name: enJobs.apply.button }).last()).toBeVisible();

    await apply.click();
    await expect(dialog.getByText(enJobs.apply.confirmBody.split('{{')[0]!)).toBeVisible();
    // The dialog names the job as well as its company.
    await expect(
      dialog.getByText(`${DEMO_JOBS[3]!.title.en} · ${DEMO_JOBS[3]!.company}`, { exact: true }),
    ).toBeVisible();
    // Confirmed with a double click, as people do: one application, and success alone (decision 028).
    await dialog.getByRole('button', { name: enJobs.apply.confirm }).dblclick();
    await expect(toast(page, enJobs.apply.success)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: enJobs.apply.applied }).first()).toBeVisible();
    await expect(page.getByText(en.error.ALREADY_APPLIED)).toHaveCount(0);
    await expect(toast(page, enJobs.apply.success)).toHaveCount(1);

    await other.getByRole('button', { name: enJobs.apply.button }).last().click();
    await other
      .getByRole('dialog', { name: enJobs.apply.confirmTitle })
      .getByRole('button', { name: enJobs.apply.confirm })
      .click();
    await expect(other.getByText(en.error.ALREADY_APPLIED)).toBeVisible();
    await other.close();

    // The list marks it, and My applications shows where it stands.
    await page.goto('/jobs');
    const card = page.getByRole('article').filter({ hasText: DEMO_JOBS[3]!.title.en });
    await expect(card.getByText(enJobs.card.applied)).toBeVisible();
    await page.goto('/applications');
    const item = page.getByRole('listitem').filter({ hasText: DEMO_JOBS[3]!.title.en });
    await expect(item.getByText(enJobs.applicationStates.submitted)).toBeVisible();
    void browser;
  });

  test('a job opened from far down the list starts at its top, and Back returns to the place @phone', async ({
    page,
  }) => {
    await page.goto('/jobs');
    const last = page.getByRole('article').last();
    const title = (await last.getByRole('heading').textContent())!.trim();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await last.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/jobs$/);
    // The place is the job they opened, in view again. (Not the same pixel: cards off screen are
    // laid out at an estimated height, content-visibility, so the page is not the same length.)
    await expect(page.getByRole('article').filter({ hasText: title })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });

  test('a visitor who logs in from Apply finds the confirmation open @phone', async ({ page, createUser }) => {
    const user = await createUser();
    await page.goto(`/jobs/${await jobId(page, 1)}`);
    await page.getByRole('button', { name: enJobs.apply.button }).last().click();
    await expect(toast(page, enJobs.messages.mustLogin)).toBeVisible();
    await submitLogin(loginPanel(page), user.email, user.password);
    const dialog = page.getByRole('dialog', { name: enJobs.apply.confirmTitle });
    await expect(dialog.getByText(enJobs.messages.cvNotFound)).toBeVisible();
  });

  test('the job list searches by text and type, kept in the URL', async ({ page }) => {
    await page.goto('/jobs');
    await page.getByRole('searchbox', { name: enJobs.search.label }).fill('osaka');
    await page.getByRole('button', { name: enJobs.search.submit }).click();
    await expect(page).toHaveURL(/\/jobs\?q=osaka$/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article').first()).toContainText(DEMO_JOBS[1]!.title.en);
    await page.getByLabel(enJobs.search.type).selectOption('remote');
    await expect(page.getByText(enJobs.results.empty)).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByRole('button', { name: enJobs.search.clear }).waitFor({ state: 'detached' });
  });

  test("says 'Failed to load jobs.' when a search cannot reach us, and tries again", async ({ page }) => {
    await page.goto('/jobs');
    await page.route('**/api/jobs?**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('searchbox', { name: enJobs.search.label }).fill('nurse');
    await page.getByRole('button', { name: enJobs.search.submit }).click();
    await expect(page.getByText(enJobs.messages.loadFailed)).toBeVisible();
    await page.unrouteAll();
    await page.getByRole('button', { name: enJobs.results.retry }).click();
    await expect(page.getByRole('article').first()).toContainText(/nurse/i);
  });
});

test.describe('the back office', () => {
  test('an admin writes and publishes a job with a file, then works its applications', async ({
    page,
    createUser,
    playwright,
  }) => {
    await signInAsAdmin(page);
    const title = `Greenhouse worker ${Date.now()}`;
    await page.goto('/admin/jobs/new');
    await page.getByLabel(`${enAdmin.jobsAdmin.form.fields.title} (${enAdmin.tripForm.english})`).fill(title);
    await page
      .getByLabel(`${enAdmin.jobsAdmin.form.fields.title} (${enAdmin.tripForm.mongolian})`)
      .fill('Хүлэмжийн ажилтан');
    await page.getByRole('textbox', { name: enAdmin.jobsAdmin.form.fields.company }).fill('Westland Growers');
    await page
      .getByLabel(`${enAdmin.jobsAdmin.form.fields.location} (${enAdmin.tripForm.english})`)
      .fill('Westland, Netherlands');
    await page
      .getByLabel(`${enAdmin.jobsAdmin.form.fields.description} (${enAdmin.tripForm.english})`)
      .fill('Tomatoes and peppers under glass, from March to October.');
    await page
      .getByLabel(`${enAdmin.jobsAdmin.form.fields.requirements} (${enAdmin.tripForm.english})`)
      .fill('Fit for outdoor work\nBasic English');
    await page.getByText(enAdmin.jobsAdmin.statuses.published, { exact: true }).click();
    await page.getByRole('button', { name: enAdmin.tripForm.save }).click();
    await expect(toast(page, enAdmin.jobsAdmin.form.saved)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/jobs\/[0-9a-f-]{36}$/);
    const jobId = page.url().split('/').pop()!;

    // The employer's form, as a PDF.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: enAdmin.jobsAdmin.form.addFile }).click(),
    ]);
    await chooser.setFiles({
      name: 'Westland form.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf('Westland application form'),
    });
    await expect(page.getByRole('link', { name: 'Westland form.pdf' })).toBeVisible();

    // Two job seekers apply (through the API, as the page does).
    const names = ['Tsetseg Bat', 'Oyun Dorj'];
    for (const name of names) {
      const user = await createUser({ name });
      const request = await playwright.request.newContext({ baseURL: BASE_URL });
      const api = new Api(request);
      await api.signIn(user.email, user.password);
      const headers = { origin: BASE_URL, 'content-type': 'application/json' };
      const cv = { fullName: name, title: 'Farm worker', email: user.email, phone: '', address: '', summary: '' };
      const lists = {
        experience: [],
        education: [],
        skills: [{ name: 'Greenhouse work', level: 'advanced' }],
        languages: [],
      };
      expect((await request.put('/api/cv', { data: { ...cv, ...lists }, headers })).status()).toBe(201);
      expect((await request.post(`/api/jobs/${jobId}/applications`, { data: {}, headers })).status()).toBe(201);
      await request.dispose();
    }

    // The public page offers the file.
    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByRole('link', { name: /Westland form\.pdf/ })).toBeVisible();

    // From the jobs list to its applications.
    await page.goto('/admin/jobs');
    await page.getByRole('textbox', { name: en.common.search }).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/cv\\?jobId=${jobId}$`));
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(2);

    // Search by name, and a job picked by typing its name.
    await page.getByRole('textbox', { name: en.common.search }).fill('Oyun');
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
    await page.getByRole('textbox', { name: en.common.search }).fill('');
    await page.getByRole('combobox', { name: enAdmin.applicationsAdmin.job, exact: true }).click();
    await page.getByRole('option', { name: enAdmin.applicationsAdmin.allJobs }).click();
    await expect(page).toHaveURL(/\/admin\/cv/);
    await page.getByRole('combobox', { name: enAdmin.applicationsAdmin.job, exact: true }).fill('Greenhouse');
    await page.getByRole('option', { name: `${title} · Westland Growers` }).click();
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(2);

    // One at a time: from the CV panel, with the CV as it was sent and its PDF.
    await page.getByRole('button', { name: names[0], exact: true }).click();
    const drawer = page.getByRole('dialog', { name: enAdmin.applicationsAdmin.cvTitle });
    await expect(drawer.getByRole('heading', { name: names[0] })).toBeVisible();
    await expect(drawer.getByText(`Greenhouse work (${enCv.skillLevels.advanced})`, { exact: true })).toBeVisible();
    await drawer.getByRole('combobox', { name: fill(enAdmin.applicationsAdmin.stateOf, { name: names[0]! }) }).click();
    await page.getByRole('option', { name: enJobs.applicationStates.shortlisted }).click();
    await expect(toast(page, `${names[0]}: ${enJobs.applicationStates.shortlisted}.`)).toBeVisible();
    const [sentCv] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('link', { name: enCv.download }).click(),
    ]);
    expect(
      readFileSync(await sentCv.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: enAdmin.applicationsAdmin.state, exact: true }).click();
    await page.getByRole('option', { name: enJobs.applicationStates.shortlisted }).click();
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
    await page.getByRole('combobox', { name: enAdmin.applicationsAdmin.state, exact: true }).click();
    await page.getByRole('option', { name: enAdmin.jobsAdmin.any }).click();

    // Several at once.
    await page.getByRole('checkbox', { name: enAdmin.applicationsAdmin.selectAll }).check();
    await page.getByRole('combobox', { name: enAdmin.applicationsAdmin.moveTo }).click();
    await page.getByRole('option', { name: enJobs.applicationStates.reviewing }).click();
    await page.getByRole('button', { name: enAdmin.applicationsAdmin.apply, exact: true }).click();
    await expect(
      toast(
        page,
        fill(enAdmin.applicationsAdmin.bulkChanged_other, { count: 2, state: enJobs.applicationStates.reviewing }),
      ),
    ).toBeVisible();

    // The filtered list as CSV.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: enAdmin.applicationsAdmin.exportCsv }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(csv).toContain(names[1]);
    expect(csv).toContain(enJobs.applicationStates.reviewing);

    // Closed: the page stays, applying does not; deleted: gone, its applications kept.
    await page.goto('/admin/jobs');
    await page.getByRole('textbox', { name: en.common.search }).fill(title);
    await page.getByRole('button', { name: `${enAdmin.jobsAdmin.actions.closed}: ${title}` }).click();
    await expect(toast(page, fill(enAdmin.jobsAdmin.statusChanged.closed, { title }))).toBeVisible();
    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByText(en.error.JOB_CLOSED).first()).toBeVisible();
    await expect(page.getByRole('button', { name: enJobs.apply.button })).toHaveCount(0);
    await page.goto('/admin/jobs');
    await page.getByRole('textbox', { name: en.common.search }).fill(title);
    await page.getByRole('button', { name: `${enAdmin.jobsAdmin.delete}: ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: enAdmin.jobsAdmin.delete }).click();
    await expect(toast(page, fill(enAdmin.jobsAdmin.deleted, { title }))).toBeVisible();
    await expect(page.getByText(enAdmin.jobsAdmin.empty)).toBeVisible();
    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByRole('heading', { name: en.error.JOB_NOT_FOUND })).toBeVisible();
    await page.goto('/admin/cv');
    await page.getByRole('textbox', { name: en.common.search }).fill('Oyun');
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
  });
});
