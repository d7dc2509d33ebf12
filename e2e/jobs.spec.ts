/**
 * Jobs and CVs as a job seeker meets them: building a CV in Mongolian and downloading its PDF,
 * finding a job, and applying with the spec's three refusals (signed out, no CV, applied already),
 * at desktop and phone width.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import enCv from '../web/src/locales/en/cv.json' with { type: 'json' };
import enJobs from '../web/src/locales/en/jobs.json' with { type: 'json' };
import mnCv from '../web/src/locales/mn/cv.json' with { type: 'json' };
import { DEMO_JOBS } from '../server/src/db/seeds/demo-jobs.ts';
import enAdmin from '../web/src/locales/en/admin.json' with { type: 'json' };
import { Api, BASE_URL, en, expect, fill, loginPanel, signInAsAdmin, test, toast } from './fixtures.ts';

/** A demo job's id, found through the public API. */
async function jobId(page: Page, index: number): Promise<string> {
  const response = await page.request.get(`${BASE_URL}/api/jobs?pageSize=50`);
  const body = (await response.json()) as { items: { id: string; title: { en: string } }[] };
  return body.items.find((item) => item.title.en === DEMO_JOBS[index]!.title.en)!.id;
}

/** Picks a month and a year in the CV's month field labelled `label`. */
async function pickMonth(page: Page, label: string, texts: typeof enCv, month: string, year: string) {
  await page.getByRole('combobox', { name: `${label}: ${texts.month}`, exact: true }).click();
  await page.getByRole('option', { name: month, exact: true }).click();
  await page.getByRole('combobox', { name: `${label}: ${texts.year}`, exact: true }).fill(year);
  await page.getByRole('option', { name: year, exact: true }).click();
}

test.describe('the CV @phone', () => {
  test('a job seeker builds a CV in Mongolian, is told what to mend, saves it and downloads its PDF', async ({
    page,
  }) => {
    await new Api(page.request).signUp({ name: 'Test User' });
    await page.goto('/cv?lang=mn');
    await expect(page.getByText(mnCv.messages.notFound, { exact: true })).toBeVisible();

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
    await expect(page.getByText(mnCv.messages.notFound, { exact: true })).toBeHidden();

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
});

test.describe('applying for a job @phone', () => {
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
    await other.goto(`/jobs/${id}`);

    await apply.click();
    await expect(dialog.getByText(enJobs.apply.confirmBody.split('{{')[0]!)).toBeVisible();
    await dialog.getByRole('button', { name: enJobs.apply.confirm }).click();
    await expect(toast(page, enJobs.apply.success)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: enJobs.apply.applied }).first()).toBeVisible();

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
});

test.describe('the back office', () => {
  test('an admin writes and publishes a job with a file, then works its applications @phone', async ({
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
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
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

    // One at a time: from the CV panel.
    await page.getByRole('button', { name: names[0], exact: true }).click();
    const drawer = page.getByRole('dialog', { name: enAdmin.applicationsAdmin.cvTitle });
    await expect(drawer.getByRole('heading', { name: names[0] })).toBeVisible();
    await expect(drawer.getByText(`Greenhouse work (${enCv.skillLevels.advanced})`, { exact: true })).toBeVisible();
    await drawer.getByRole('combobox', { name: fill(enAdmin.applicationsAdmin.stateOf, { name: names[0]! }) }).click();
    await page.getByRole('option', { name: enJobs.applicationStates.shortlisted }).click();
    await expect(toast(page, `${names[0]}: ${enJobs.applicationStates.shortlisted}.`)).toBeVisible();
    await page.keyboard.press('Escape');

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
  });
});
