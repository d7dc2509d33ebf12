/**
 * Visa applications (issue 13) as people use them: an applicant fills one in, in Mongolian on a
 * phone, with a dependant, a refused duplicate and a document, loses the connection without
 * losing a word, submits it and reads its PDF; staff work an application in English on a desktop
 * (a change asked for, made and sent again, lodged and approved), the applicant told at each
 * step; and a consultation only about a submitted application (spec section 4).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import enBooking from '@aylal/locales/en/consultationBooking.json' with { type: 'json' };
import enNotifications from '@aylal/locales/en/notifications.json' with { type: 'json' };
import enSecondFactor from '@aylal/locales/en/secondFactor.json' with { type: 'json' };
import enVisa from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import mnVisa from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { countryName } from '../shared/src/countries.ts';
import { formatBytes } from '../shared/src/format-bytes.ts';
import {
  addMonths,
  VISA_ACCOUNT_DOCUMENT_BYTES,
  VISA_APPLICATIONS_PER_YEAR,
  VISA_DRAFTS_MAX,
  type VisaForm,
} from '../shared/src/visa-rules.ts';
import {
  ADMIN_NAME,
  BASE_URL,
  en,
  expect,
  fill,
  loginPanel,
  mn,
  ok,
  signedInContext,
  signInAsAdmin,
  test,
  toast,
  waitForLiveApp,
} from './fixtures.ts';
import { samplePdf } from './support/pdf.ts';
import { visaApplicationOf } from './support/visa.ts';

const run = promisify(execFile);
const headers = { origin: BASE_URL };

// Each test has accounts of its own: they are spread over both workers, so the file's long
// journeys, among the last the run starts, do not all fall to one.
test.describe.configure({ mode: 'parallel' });

/** Today on this machine's calendar (the browser's, which the form checks dates against). */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A passport valid for years yet. */
const passportExpiry = (years = 5) => addMonths(today(), years * 12);

/** Letters only, for names the search finds again. */
function letters(length = 6): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A UI text with `{{time}}` in it as a pattern matching any HH:MM. */
function savedAtPattern(template: string): RegExp {
  return new RegExp(`^${escapeRegExp(template).replace('\\{\\{time\\}\\}', '\\d{1,2}:\\d{2}')}$`);
}

/** A new draft of the request's user, as /visa starts one. */
async function startDraft(request: APIRequestContext): Promise<{ id: string; version: number }> {
  return ok(await request.post(`${BASE_URL}/api/visa-applications`, { headers }), 201);
}

/** A submitted application of the request's user (setup through the API, as the form does it). */
async function submittedApplication(
  request: APIRequestContext,
  person: Parameters<typeof visaApplicationOf>[1],
): Promise<{ id: string; reference: string }> {
  const { id, reference } = await visaApplicationOf(request, person, { submit: true });
  return { id, reference: reference! };
}

async function readApplication(
  request: APIRequestContext,
  id: string,
): Promise<{ state: string; reference: string | null; form: VisaForm }> {
  return ok(await request.get(`${BASE_URL}/api/visa-applications/${id}`));
}

/** The bell in the public header, and its unread dot. */
const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(`^${enNotifications.bell.label}`) });
const dot = (page: Page) => page.getByRole('banner').getByTestId('bell-dot');

/** Picks an open time in the booking dialog, a few days ahead (random, so runs do not race for one). */
async function pickSlot(dialog: Locator): Promise<void> {
  const days = dialog.getByRole('list', { name: enBooking.days, exact: true }).getByRole('button');
  await expect(days.first()).toBeVisible();
  const dayCount = await days.count();
  const first = Math.min(3, dayCount - 1);
  await days.nth(first + Math.floor(Math.random() * (dayCount - first))).click();
  const times = dialog.getByRole('list', { name: enBooking.times, exact: true }).getByRole('button');
  const time = times.nth(Math.floor(Math.random() * (await times.count())));
  await time.click();
  await expect(time).toHaveAttribute('aria-pressed', 'true');
}

test.describe('the applicant, in Mongolian on a phone @phone-only', () => {
  test('signs up at /visa, fills every section with a dependant and a document, loses the connection without losing a word, submits and reads the PDF', async ({
    page,
    context,
    uniqueEmail,
  }) => {
    test.setTimeout(180_000);
    const t = mnVisa;
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    // Date fields too (Chromium's date input is a textbox); a required field's label ends in its '*'.
    const dateField = (name: string, scope: Page | Locator = page) => scope.getByRole('textbox', { name, exact: true });
    const next = page.getByRole('button', { name: t.editor.next, exact: true });
    const saved = page.getByText(savedAtPattern(t.editor.savedAt));
    const step = (n: number) => page.getByText(fill(t.editor.stepOf, { step: n, total: 8 }), { exact: true });
    // Counted of the sections that ask for something (decision 031): the required answers, and the
    // documents checklist; the optional ones count once answered.
    const done = (n: number, total = 4) => page.getByText(fill(t.editor.doneOf, { done: n, total }), { exact: true });
    const sectionTitle = (key: keyof typeof t.sections) =>
      page.getByRole('heading', { level: 2, name: t.sections[key], exact: true });

    // Signed out, /visa asks for a login; the person signs up from the panel it opens.
    await page.goto('/visa?lang=mn');
    await loginPanel(page, 'login', mn).getByRole('button', { name: mn.auth.toggle.toSignup }).click();
    const signup = loginPanel(page, 'signup', mn);
    await signup.getByRole('textbox', { name: mn.auth.name, exact: true }).fill('Батбаяр Дорж');
    await signup.getByRole('textbox', { name: mn.auth.email, exact: true }).fill(uniqueEmail('visa-mn'));
    await signup.getByRole('textbox', { name: mn.auth.password, exact: true }).fill('Visa-pass-12');
    await signup.getByRole('button', { name: mn.auth.submit.signup, exact: true }).click();
    await expect(toast(page, mn.common.toast.signedUp)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t.list.title })).toBeVisible();
    await expect(page.getByText(t.list.emptyTitle)).toBeVisible();

    await page.getByRole('button', { name: t.list.start }).click();
    await expect(page).toHaveURL(/\/visa\/[^/?]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;

    // Personal details, one section at a time: the name and email come from the account, and say so.
    await expect(sectionTitle('personal')).toBeVisible();
    await expect(step(1)).toBeVisible();
    await expect(done(0)).toBeVisible();
    await expect(field(t.fields.firstName)).toHaveValue('Батбаяр');
    await expect(field(t.fields.lastName)).toHaveValue('Дорж');
    await expect(field(t.fields.firstName)).toHaveAccessibleDescription(t.editor.fromAccount);
    await expect(field(t.fields.email)).toHaveAccessibleDescription(t.editor.fromAccount);
    await expect(field(t.fields.phone)).not.toHaveAccessibleDescription(t.editor.fromAccount);
    await field(t.fields.phone).fill('+976 9911 2233');
    await dateField(t.fields.dateOfBirth).fill('1988-03-14');
    await page.getByRole('combobox', { name: t.fields.nationality, exact: true }).click();
    await page.getByRole('combobox', { name: t.fields.nationality, exact: true }).fill('Монгол');
    await page.getByRole('option', { name: countryName('MN', 'mn'), exact: true }).click();
    await expect(done(1)).toBeVisible();
    await expect(saved).toBeVisible();

    await next.click();
    await expect(sectionTitle('passport')).toBeVisible();
    await expect(step(2)).toBeVisible();
    await field(t.fields.passportNumber).fill('E1234567');
    await dateField(t.fields.passportExpiryDate).fill(passportExpiry());
    await expect(done(2)).toBeVisible();

    await next.click();
    await expect(sectionTitle('travel')).toBeVisible();
    await page.getByRole('combobox', { name: t.fields.country, exact: true }).click();
    await page.getByRole('option', { name: countryName('KR', 'mn'), exact: true }).click();
    await page.getByRole('combobox', { name: t.fields.purpose, exact: true }).click();
    await page.getByRole('option', { name: t.purposes.tourism, exact: true }).click();
    await field(t.fields.purposeDetails).fill('Сөүл хотод гэр бүлээрээ аялна.');
    await field(t.fields.previousVisaHistory).fill('2019 онд Японы виз авч байсан.');
    await expect(done(3)).toBeVisible();

    await next.click();
    await expect(sectionTitle('background')).toBeVisible();
    await page.getByRole('radio', { name: t.criminalRecord.no }).check();

    await next.click();
    await expect(sectionTitle('emergency')).toBeVisible();
    await field(t.fields.emergencyContactName).fill('Оюун Дорж');
    await field(t.fields.emergencyContactPhone).fill('+976 8811 2233');

    // A dependant; a second of the same name (other case, spaces around) is refused.
    await next.click();
    await expect(sectionTitle('dependants')).toBeVisible();
    await expect(step(6)).toBeVisible();
    await page.getByRole('button', { name: t.dependants.add }).click();
    const adding = page.getByRole('group', { name: t.dependants.addTitle });
    await adding.getByRole('textbox', { name: t.fields.firstName, exact: true }).fill('Сараа');
    await adding.getByRole('textbox', { name: t.fields.lastName, exact: true }).fill('Батбаяр');
    await adding.getByRole('combobox', { name: t.fields.relationship }).selectOption('child');
    await dateField(t.fields.dateOfBirth, adding).fill('2016-04-12');
    await adding.getByRole('textbox', { name: t.fields.passportNumber }).fill('E7654321');
    await dateField(t.fields.passportExpiryDate, adding).fill(passportExpiry(4));
    await adding.getByRole('button', { name: t.dependants.addConfirm, exact: true }).click();
    const dependants = page.getByRole('list', { name: t.sections.dependants });
    await expect(dependants.getByText('Сараа Батбаяр', { exact: true })).toBeVisible();
    await expect(adding).toHaveCount(0);

    await page.getByRole('button', { name: t.dependants.add }).click();
    await adding.getByRole('textbox', { name: t.fields.firstName, exact: true }).fill('  сараа ');
    await adding.getByRole('textbox', { name: t.fields.lastName, exact: true }).fill('БАТБАЯР  ');
    await adding.getByRole('combobox', { name: t.fields.relationship }).selectOption('sibling');
    await adding.getByRole('button', { name: t.dependants.addConfirm, exact: true }).click();
    await expect(adding.getByText(t.validation.duplicateDependant, { exact: true })).toBeVisible();
    await adding.getByRole('button', { name: t.dependants.cancel, exact: true }).click();
    await expect(dependants.getByRole('listitem')).toHaveCount(1);
    // The server refuses it too, in the person's language, and keeps the one there.
    const duplicate = await page.request.post(`${BASE_URL}/api/visa-applications/${id}/dependants`, {
      data: {
        firstName: ' САРАА',
        lastName: 'батбаяр ',
        relationship: 'sibling',
        dateOfBirth: '',
        nationality: '',
        passportNumber: '',
        passportExpiryDate: '',
      },
      headers: { ...headers, 'accept-language': 'mn' },
    });
    expect(duplicate.status()).toBe(409);
    expect(await duplicate.json()).toMatchObject({
      error: { code: 'DEPENDANT_EXISTS', message: mn.error.DEPENDANT_EXISTS },
    });

    // A document: the limits above the control, the upload's progress, then present.
    await next.click();
    await expect(sectionTitle('documents')).toBeVisible();
    await expect(page.getByText(t.documents.limits, { exact: true })).toBeVisible();
    await expect(page.getByText(fill(t.documents.progress, { count: 0, total: 5 }))).toBeVisible();
    const applicant = page.getByRole('region', { name: 'Батбаяр Дорж' });
    await expect(applicant.getByText(t.documents.missing, { exact: true })).toHaveCount(3);
    // The upload is held at the network until its progress has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const uploads = /\/api\/visa-applications\/[^/]+\/documents$/;
    await page.route(uploads, async (route) => {
      await held;
      await route.continue();
    });
    const chooser = page.waitForEvent('filechooser');
    await page
      .getByRole('button', {
        name: fill(t.documents.uploadNamed, { kind: t.documentKinds.passport, name: 'Батбаяр Дорж' }),
      })
      .click();
    await (
      await chooser
    ).setFiles({ name: 'passport-scan.pdf', mimeType: 'application/pdf', buffer: samplePdf('Passport scan') });
    await expect(page.getByText(fill(t.documents.uploading, { file: 'passport-scan.pdf' })).first()).toBeVisible();
    release();
    await expect(
      page.getByText(fill(t.documents.uploaded, { kind: t.documentKinds.passport, name: 'Батбаяр Дорж' })),
    ).toBeVisible();
    await page.unroute(uploads);
    await expect(applicant.getByText(t.documents.present, { exact: true })).toHaveCount(1);
    await expect(
      applicant.getByRole('link', { name: fill(t.documents.downloadNamed, { file: 'passport-scan.pdf' }) }),
    ).toBeVisible();
    await expect(page.getByText(fill(t.documents.progress, { count: 1, total: 5 }))).toBeVisible();
    // What the account's documents take of its room.
    await expect(
      page.getByText(
        new RegExp(
          `^${escapeRegExp(t.documents.room)
            .replace('\\{\\{used\\}\\}', '[\\d.]+ (Б|КБ|МБ)')
            .replace('\\{\\{limit\\}\\}', '1 ГБ')}$`,
        ),
      ),
    ).toBeVisible();

    // The last section: the connection goes while the person types; nothing is lost.
    await next.click();
    await expect(sectionTitle('extras')).toBeVisible();
    await expect(step(8)).toBeVisible();
    const notes = field(t.fields.additionalNotes);
    await notes.fill('Нислэгээ захиалсан.');
    await expect(saved).toBeVisible();

    await context.setOffline(true);
    await notes.pressSequentially(' Холболт тасарсан үед бичсэн.');
    await expect(page.getByText(t.editor.offline, { exact: true })).toBeVisible();
    await expect(notes).toHaveValue('Нислэгээ захиалсан. Холболт тасарсан үед бичсэн.');
    // Kept on this device meanwhile.
    const kept = () =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('aylal.visa.'))
          .map((key) => localStorage.getItem(key) ?? '')
          .join('\n'),
      );
    expect(await kept()).toContain('Холболт тасарсан үед бичсэн.');
    await context.setOffline(false);
    await expect(saved).toBeVisible();
    expect((await readApplication(page.request, id)).form.additionalNotes).toBe(
      'Нислэгээ захиалсан. Холболт тасарсан үед бичсэн.',
    );

    // Offline again, and the page closed before the connection came back: the words wait on this
    // device (or left with the page as it closed), and the application opened again, where it
    // was left, has them, saved.
    await context.setOffline(true);
    await notes.pressSequentially(' Хаахаас өмнө.');
    await expect(page.getByText(t.editor.offline, { exact: true })).toBeVisible();
    expect(await kept()).toContain('Хаахаас өмнө.');
    await page.close();
    await context.setOffline(false);
    const again = waitForLiveApp(await context.newPage());
    await again.goto('/visa');
    await again.getByRole('link', { name: t.list.continue }).click();
    await expect(again.getByRole('heading', { level: 2, name: t.sections.extras, exact: true })).toBeVisible();
    const notesAgain = again.getByRole('textbox', { name: t.fields.additionalNotes, exact: true });
    await expect(notesAgain).toHaveValue('Нислэгээ захиалсан. Холболт тасарсан үед бичсэн. Хаахаас өмнө.');
    await expect(
      again.getByText(new RegExp(`${savedAtPattern(t.editor.savedAt).source}|^${escapeRegExp(t.editor.allSaved)}$`)),
    ).toBeVisible();
    await expect
      .poll(async () => (await readApplication(again.request, id)).form.additionalNotes)
      .toBe('Нислэгээ захиалсан. Холболт тасарсан үед бичсэн. Хаахаас өмнө.');

    // Check the answers, submit: the confirmation with the reference.
    await again.getByRole('button', { name: t.editor.toReview, exact: true }).click();
    await expect(again).toHaveURL(new RegExp(`/visa/${id}/review$`));
    await expect(again.getByRole('heading', { level: 2, name: t.review.title })).toBeVisible();
    await expect(again.getByText('Сараа Батбаяр').first()).toBeVisible();
    await expect(again.getByRole('link', { name: t.review.change }).first()).toBeVisible();
    // The consent's words, in Mongolian: Submit without agreeing says so and sends nothing.
    await expect(again.getByText(t.consent.share)).toBeVisible();
    await again.getByRole('button', { name: t.review.submit, exact: true }).click();
    await expect(again.getByText(t.consent.required)).toBeVisible();
    expect((await readApplication(again.request, id)).state).toBe('draft');
    await again.getByRole('checkbox', { name: t.consent.agree }).check();
    await expect(again.getByText(t.consent.required)).toBeHidden();
    await again.getByRole('button', { name: t.review.submit, exact: true }).click();
    await expect(again).toHaveURL(new RegExp(`/visa/${id}$`));
    const { reference, state } = await readApplication(again.request, id);
    expect(state).toBe('submitted');
    expect(reference).toMatch(/^V-\d{4}-\d{5}$/);
    const confirmation = again.getByRole('alert').filter({ hasText: t.confirmation.title });
    await expect(confirmation).toContainText(fill(t.confirmation.body, { reference: reference! }));
    await expect(again.getByText(t.states.submitted, { exact: true }).first()).toBeVisible();
    await expect(again.getByText(t.status.next.submitted)).toBeVisible();

    // The PDF, in Mongolian: the applicant's Cyrillic name, the reference, its headings.
    const [download] = await Promise.all([
      again.waitForEvent('download'),
      again.getByRole('link', { name: t.confirmation.downloadPdf }).click(),
    ]);
    const { stdout: text } = await run('/usr/bin/pdftotext', ['-layout', await download.path(), '-']);
    for (const expected of [
      'Батбаяр',
      'Дорж',
      reference!,
      t.pdf.title,
      t.pdf.applicant,
      // Section headings are printed in capitals.
      t.pdf.documents.toLocaleUpperCase('mn'),
      t.pdf.missingDocuments,
      'Сараа',
      'passport-scan.pdf',
    ])
      expect(text).toContain(expected);
  });
});

test.describe('staff casework, in English on a desktop', () => {
  test('staff find an application, review it and ask for a change; the applicant makes it and sends it again; staff lodge and approve it, and the applicant is told at each step', async ({
    browser,
    page,
    createUser,
    mail,
  }) => {
    test.setTimeout(150_000);
    const t = enVisa;
    const types = enNotifications.types;
    const surname = `Tsog${letters()}`;
    const applicant = await createUser({ name: `Nara ${surname}` });
    const { context, page: mine } = await signedInContext(browser, applicant.email, applicant.password);
    const { id, reference } = await submittedApplication(mine.request, {
      firstName: 'Nara',
      lastName: surname,
      email: applicant.email,
      passportNumber: 'E4455661',
    });
    await mine.goto('/visa');
    await expect(mine.getByText(t.list.asked.submitted)).toBeVisible();

    // Staff: the sidebar's link, a search by name, the application's page.
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await page
      .getByRole('navigation', { name: en.admin.nav.label })
      .getByRole('link', { name: en.admin.nav.visa })
      .click();
    await expect(page).toHaveURL(`${BASE_URL}/admin/visa`);
    await expect(page.getByRole('heading', { level: 1, name: en.admin.nav.visa })).toBeVisible();
    await page.getByRole('textbox', { name: en.common.search, exact: true }).fill(surname);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${surname}`));
    const row = page.getByRole('row').filter({ hasText: surname });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('•••• 5661')).toBeVisible();
    await row.getByRole('link', { name: reference, exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/admin/visa/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: reference })).toBeVisible();
    // Passport numbers show masked until Show (a fresh sign-in, which this one is: decision 023).
    await expect(page.getByTestId('passport-number')).toHaveText('•••• 5661');
    await page.getByRole('button', { name: enSecondFactor.passport.showLabel }).click();
    await expect(page.getByText('E4455661')).toBeVisible();
    // Who looked: the reveal is recorded and listed on the application's page at once.
    await expect(page.getByText(fill(en.admin.visa.accessLog.passportReveal, { name: ADMIN_NAME }))).toBeVisible();

    const act = async (action: keyof typeof en.admin.visa.detail.confirm) => {
      await page.getByRole('button', { name: en.admin.visa.detail.actions[action], exact: true }).click();
      const dialog = page.getByRole('dialog', { name: en.admin.visa.detail.confirm[action].title });
      // Confirmed with a double click, as people do: done once, and success alone (decision 028).
      await dialog.getByRole('button', { name: en.admin.visa.detail.actions[action], exact: true }).dblclick();
      await expect(toast(page, en.admin.visa.detail.done[action])).toBeVisible();
      await expect(page.getByText(en.error.ACTION_NOT_ALLOWED)).toHaveCount(0);
      await expect(dialog).toBeHidden();
    };

    await act('start-review');
    await expect(page.getByText(t.states['in-review'], { exact: true }).first()).toBeVisible();
    await mail.waitForMail(applicant.email, { subjectIncludes: types.visaInReview.title });

    // The applicant is on /visa as staff ask for a change: the bell lights up without a reload.
    await expect(dot(mine)).toBeVisible();
    await mine.request.post(`${BASE_URL}/api/notifications/read-all`, { headers });
    await mine.reload();
    await expect(dot(mine)).toHaveCount(0);

    const message = 'The passport scan shows a different passport number. Please check the number you typed.';
    await page.getByRole('button', { name: en.admin.visa.detail.actions['request-action'], exact: true }).click();
    const ask = page.getByRole('dialog', { name: fill(en.admin.visa.detail.requestTitle, { reference }) });
    await ask.getByRole('combobox', { name: en.admin.visa.detail.requestSection }).click();
    await page.getByRole('option', { name: t.sections.passport, exact: true }).click();
    await ask.getByRole('textbox', { name: en.admin.visa.detail.requestMessage }).fill(message);
    // Sent with a double click: asked once, success alone (decision 028).
    await ask.getByRole('button', { name: en.admin.visa.detail.actions['request-action'], exact: true }).dblclick();
    await expect(toast(page, en.admin.visa.detail.done['request-action'])).toBeVisible();
    await expect(toast(page, en.admin.visa.detail.done['request-action'])).toHaveCount(1);
    await expect(page.getByText(en.error.ACTION_NOT_ALLOWED)).toHaveCount(0);
    await expect(page.getByText(fill(en.admin.visa.detail.waitingFor, { section: t.sections.passport }))).toBeVisible();

    // The applicant: the bell, the request on the list with its message, the section to change.
    await expect(dot(mine)).toBeVisible();
    await bell(mine).click();
    const dropdown = mine.getByRole('dialog', { name: enNotifications.bell.title });
    await expect(dropdown.getByRole('link', { name: new RegExp(types.visaActionRequired.title) })).toBeVisible();
    await mine.keyboard.press('Escape');
    await mine.reload();
    await expect(mine.getByText(fill(t.list.asked.changeRequested, { section: t.sections.passport }))).toBeVisible();
    await expect(mine.getByText(`“${message}”`)).toBeVisible();
    await mine.getByRole('link', { name: t.list.change }).click();
    await expect(mine).toHaveURL(`${BASE_URL}/visa/${id}`);
    const request = mine.getByRole('alert').filter({
      hasText: fill(t.editor.actionTitle, { section: t.sections.passport }),
    });
    await expect(request).toContainText(message);
    await expect(mine.getByRole('heading', { level: 2, name: t.sections.passport, exact: true })).toBeVisible();
    await mine.getByRole('textbox', { name: t.fields.passportNumber, exact: true }).fill('E4455662');
    await expect(mine.getByText(savedAtPattern(t.editor.savedAt))).toBeVisible();
    await mine
      .getByRole('navigation', { name: t.editor.sectionsLabel })
      .getByRole('button', { name: t.editor.reviewSection })
      .click();
    await expect(mine).toHaveURL(`${BASE_URL}/visa/${id}/review`);
    await expect(mine.getByText(t.review.sendAgainTitle)).toBeVisible();
    // Agreed to these words at the first submit: said, not asked again.
    await expect(mine.getByText(t.consent.agreedOn.split('{{date}}')[0]!)).toBeVisible();
    await expect(mine.getByRole('checkbox', { name: t.consent.agree })).toHaveCount(0);
    await mine.getByRole('button', { name: t.review.sendAgain, exact: true }).click();
    await expect(mine).toHaveURL(`${BASE_URL}/visa/${id}`);
    await expect(mine.getByRole('alert').filter({ hasText: t.confirmation.title })).toContainText(reference);
    await expect(mine.getByText(t.events.resubmitted, { exact: true })).toBeVisible();

    // Staff see it sent again, review it again, lodge it and record the approval.
    await page.reload();
    await expect(page.getByTestId('passport-number')).toHaveText('•••• 5662');
    // The history's newest step, as a sentence naming who took it.
    await expect(
      page.getByText(fill(en.admin.visa.history.resubmitted, { actor: applicant.name }), { exact: true }),
    ).toBeVisible();
    await act('start-review');
    await act('lodge');
    await act('approve');
    await expect(page.getByText(t.states.approved, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(en.admin.visa.detail.noActions)).toBeVisible();

    // Decided: its documents go on the schedule's day; a hold with a reason keeps them until lifted.
    const startOf = (text: string) => new RegExp(`^${escapeRegExp(text.split('{{')[0]!)}`);
    const retention = en.admin.visa.retention;
    await expect(page.getByText(startOf(retention.deletesOn))).toBeVisible();
    await page.getByRole('button', { name: retention.hold, exact: true }).click();
    await page.getByRole('textbox', { name: retention.reason }).fill('The embassy asked us to keep the file');
    await page.getByRole('button', { name: retention.hold, exact: true }).click();
    await expect(toast(page, retention.heldSaved)).toBeVisible();
    await expect(page.getByText(startOf(retention.held))).toContainText('The embassy asked us to keep the file');
    await expect(page.getByText(startOf(retention.deletesOn))).toHaveCount(0);

    // The applicant: where it stands, and no deletion date while held (the reason is staff's alone).
    await mine.reload();
    await expect(mine.getByText(t.status.next.approved)).toBeVisible();
    await expect(mine.getByText(startOf(t.retention.deletesOn))).toHaveCount(0);
    await expect(mine.getByText(/embassy asked/)).toHaveCount(0);
    await page.getByRole('button', { name: retention.release, exact: true }).click();
    await expect(toast(page, retention.released)).toBeVisible();
    await expect(page.getByText(startOf(retention.deletesOn))).toBeVisible();
    await mine.reload();
    await expect(mine.getByText(startOf(t.retention.deletesOn))).toBeVisible();

    // Every step in their notifications and their email.
    await mine.goto('/notifications');
    const list = mine.getByRole('main');
    for (const type of ['visaSubmitted', 'visaInReview', 'visaActionRequired', 'visaLodged', 'visaApproved'] as const)
      await expect(list.getByRole('link', { name: new RegExp(types[type].title) }).first()).toBeVisible();
    await expect(list.getByRole('link', { name: new RegExp(types.visaInReview.title) })).toHaveCount(2);

    for (const type of ['visaSubmitted', 'visaInReview', 'visaActionRequired', 'visaLodged', 'visaApproved'] as const)
      await mail.waitForMail(applicant.email, { subjectIncludes: types[type].title });
    const mails = await mail.messages(applicant.email);
    for (const { subject } of mails) {
      for (const personal of [surname, 'Nara', 'E4455661', 'E4455662', applicant.email, message])
        expect(subject).not.toContain(personal);
    }
    const approved = mails.find((found) => found.subject === types.visaApproved.title)!;
    expect(approved.text).toContain(reference);
    expect(approved.text).toContain(`${BASE_URL}/visa/${id}`);
    await context.close();
  });
});

test.describe('a consultation about a visa application', () => {
  test('is refused without an application and with only a draft, is booked about a submitted one, and staff reach the application from it', async ({
    browser,
    page,
    api,
  }) => {
    test.setTimeout(120_000);
    const name = `Saraa ${letters()}`;
    await api.signUp({ name });
    const refusal = (text: string) => page.getByRole('alert').filter({ hasText: text });

    await page.goto('/consultations?visa');
    await expect(refusal(en.error.VISA_REQUEST_REQUIRED)).toBeVisible();
    await expect(
      refusal(en.error.VISA_REQUEST_REQUIRED).getByRole('link', { name: enBooking.visa.open }),
    ).toBeVisible();

    const draft = await startDraft(page.request);
    await page.reload();
    await expect(refusal(en.error.VISA_FORM_REQUIRED)).toBeVisible();
    // The server refuses a booking about the draft in the same words.
    const slots = (await ok<{ slots: string[] }>(await page.request.get(`${BASE_URL}/api/consultations/slots`))).slots;
    const refused = await page.request.post(`${BASE_URL}/api/consultations`, {
      data: { visaApplicationId: draft.id, startsAt: slots[slots.length - 1], acknowledgedPolicy: true },
      headers,
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'VISA_FORM_REQUIRED' } });

    // Submitted: booked from the application's page, about it.
    const { id, reference } = await submittedApplication(page.request, {
      firstName: 'Saraa',
      lastName: 'Bat',
      email: 'saraa@example.com',
    });
    await page.goto(`/visa/${id}`);
    await page.getByRole('link', { name: enVisa.confirmation.bookConsultation }).click();
    await expect(page).toHaveURL(`${BASE_URL}/consultations?visa=${id}`);
    const dialog = page.getByRole('dialog', { name: enBooking.title });
    await expect(dialog.getByText(fill(enBooking.visaSubject, { reference }))).toBeVisible();
    await pickSlot(dialog);
    await dialog.getByRole('checkbox', { name: enBooking.acknowledge }).check();
    await dialog.getByRole('button', { name: enBooking.confirm }).click();
    await expect(dialog.getByRole('status')).toContainText(enBooking.done.title);

    // Staff: the consultation leads to the application, and the application lists it.
    const staff = waitForLiveApp(
      await (await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } })).newPage(),
    );
    await signInAsAdmin(staff);
    await staff.goto('/admin/consultations');
    await staff.getByRole('textbox', { name: en.common.search, exact: true }).fill(name);
    const row = staff.getByRole('row', { name: new RegExp(name) });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `${en.admin.consultations.open}: ${name}` }).click();
    const drawer = staff.getByRole('dialog', { name: en.admin.consultations.detailTitle });
    await expect(drawer).toContainText(en.admin.consultations.visaApplication);
    await drawer.getByRole('link', { name: en.admin.consultations.visaApplication }).click();
    await expect(staff).toHaveURL(`${BASE_URL}/admin/visa/${id}`);
    await expect(staff.getByRole('heading', { level: 1, name: reference })).toBeVisible();
    await expect(staff.getByRole('link', { name: new RegExp(en.admin.consultations.states.pending) })).toBeVisible();
    await staff.context().close();
  });
});

test.describe("an account's limits", () => {
  // Page loads wait longer than other steps: six checkouts share this machine's two cores.
  const loaded = { timeout: 30_000 };

  test('the list counts the applications a year allows and says why no other may start', async ({ page, api }) => {
    test.setTimeout(150_000);
    const t = enVisa;
    await api.signUp({ name: `Tuul ${letters()}` });

    // Applications sent through the API as the form sends them, as many at once as an account may
    // hold drafts; near the limit the list counts them.
    const tuul = { firstName: 'Tuul', lastName: 'Bat', email: 'tuul@example.com' };
    const send = async (count: number) => {
      for (let sent = 0; sent < count; sent += VISA_DRAFTS_MAX) {
        const batch = Math.min(VISA_DRAFTS_MAX, count - sent);
        await Promise.all(Array.from({ length: batch }, () => submittedApplication(page.request, tuul)));
      }
    };
    const near = VISA_APPLICATIONS_PER_YEAR - 5;
    await send(near);
    await page.goto('/visa');
    await expect(
      page.getByText(fill(t.list.yearlyRoom, { count: near, limit: VISA_APPLICATIONS_PER_YEAR }), { exact: true }),
    ).toBeVisible(loaded);
    const start = page.getByRole('button', { name: t.list.start, exact: true });
    await expect(start).toBeEnabled();

    // The last place taken by a draft: the button is off and says why, with a way to ask for more.
    await send(VISA_APPLICATIONS_PER_YEAR - 1 - near);
    await startDraft(page.request);
    await page.reload();
    const why = fill(t.list.yearlyLimit, { count: VISA_APPLICATIONS_PER_YEAR });
    await expect(page.getByText(why, { exact: true })).toBeVisible(loaded);
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(why)}`));
    await expect(page.getByRole('link', { name: t.list.yearlyContact })).toHaveAttribute('href', /\/contact/);
    const refused = await page.request.post(`${BASE_URL}/api/visa-applications`, { headers });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: { code: 'VISA_YEARLY_LIMIT', message: en.error.VISA_YEARLY_LIMIT },
    });
  });

  test('a document that does not fit says how much room is left, at its row @phone', async ({ page, api }) => {
    const t = enVisa;
    const name = `Tuul ${letters()}`;
    await api.signUp({ name });
    const draft = await startDraft(page.request);

    // The draft's documents: after a real upload the section says what the account's documents take.
    await page.goto(`/visa/${draft.id}?section=documents`);
    await expect(page.getByRole('heading', { level: 2, name: t.sections.documents, exact: true })).toBeVisible(loaded);
    // A new draft is named from the account.
    const applicant = page.getByRole('region', { name });
    const pick = async (kind: 'passport' | 'photo', fileName: string, buffer: Buffer) => {
      const chooser = page.waitForEvent('filechooser');
      await applicant
        .getByRole('button', { name: fill(t.documents.uploadNamed, { kind: t.documentKinds[kind], name }) })
        .click();
      await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer });
    };
    await pick('passport', 'passport.pdf', samplePdf('Passport'));
    await expect(applicant.getByText(t.documents.present, { exact: true })).toHaveCount(1);
    await expect(
      page.getByText(new RegExp(`^Your documents take [\\d.]+ (B|KB) of the 1 GB one account can keep\\.$`)),
    ).toBeVisible();

    // A file the account has no room for: the server's refusal (limits.test.ts fills a real account;
    // a gigabyte is not uploaded here) shown at the file's row, read out as it appears.
    const used = VISA_ACCOUNT_DOCUMENT_BYTES - 2 * 1024 * 1024;
    const fileBytes = 3 * 1024 * 1024;
    await page.route(/\/api\/visa-applications\/[^/]+\/documents$/, (route) =>
      route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'DOCUMENT_STORAGE_FULL',
            message: en.error.DOCUMENT_STORAGE_FULL,
            details: { limitBytes: VISA_ACCOUNT_DOCUMENT_BYTES, usedBytes: used, fileBytes },
          },
        }),
      }),
    );
    await pick('photo', 'statement.pdf', samplePdf('Statement'));
    const alert = applicant.getByRole('alert');
    await expect(alert).toHaveText(
      fill(t.documents.errors.storageFull, {
        name: 'statement.pdf',
        size: formatBytes(fileBytes, 'en'),
        limit: '1 GB',
        left: formatBytes(VISA_ACCOUNT_DOCUMENT_BYTES - used, 'en'),
      }),
    );
    await expect(alert).toBeInViewport();
    await expect(applicant.getByText(t.documents.present, { exact: true })).toHaveCount(1);
  });
});
