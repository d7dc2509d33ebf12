/**
 * Two-step sign-in (issue 21, docs/decisions/023) on a product process started with
 * STAFF_TWO_FACTOR=required: an admin is refused the back office (and shown its set-up page)
 * until they set up an authenticator app on /profile, then signs out and in again with the
 * password and the code; another signs in with a backup code, in Mongolian on a phone; and staff
 * confirm it is them, with a code, to see a passport number once their sign-in is 16 minutes old;
 * and a staff member who signs in with Google sets it up on the back office's page, then is asked
 * for the code after Google.
 * Codes are computed here from the key the page shows (RFC 6238).
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import pg from 'pg';
import enSecondFactor from '@aylal/locales/en/secondFactor.json' with { type: 'json' };
import mnSecondFactor from '@aylal/locales/mn/secondFactor.json' with { type: 'json' };
import { addMonths, blankVisaForm } from '../shared/src/visa-rules.ts';
import { VISA_CONSENT_VERSION } from '../shared/src/consent.ts';
import {
  Api,
  en,
  expect,
  fill,
  GOOGLE_ACCOUNTS,
  loginPanel,
  mn,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  OIDC_ISSUER,
  openLoginPanel,
  submitLogin,
  test,
  toast,
} from './fixtures.ts';
import { startProductProcess, type ProductProcess } from './support/product-process.ts';
import { freshTotpCode, totpCode } from './support/totp.ts';

const PASSWORD = 'Staff-e2e-password-1';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const STAFF = {
  first: `staff-one-${run}@example.com`,
  phone: `staff-two-${run}@example.com`,
  fresh: `staff-three-${run}@example.com`,
};

let product: ProductProcess;
/** The first screen of a page on a busy machine may take a while (its code loads in many pieces). */
const SLOW = { timeout: 30_000 };

// Each journey signs in more than once, on a machine shared with other work.
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  product = await startProductProcess({ STAFF_TWO_FACTOR: 'required', ADMIN_EMAILS: Object.values(STAFF).join(',') });
});
test.afterAll(async () => {
  await product?.stop();
});

/** A page of its own on the STAFF_TWO_FACTOR=required process, at `path`, once the app has taken it over. */
async function openAt(page: Page, path: string) {
  await page.goto(`${product.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', undefined, { timeout: 15_000 });
}

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ baseURL: product.url, ...options });
  return { context, page: await context.newPage() };
}

function post(request: APIRequestContext, path: string, data: unknown) {
  return request.post(`${product.url}${path}`, { data, headers: { origin: product.url }, failOnStatusCode: false });
}

async function signUp(request: APIRequestContext, email: string, name = 'Staff Member') {
  const response = await post(request, '/api/auth/sign-up/email', { email, password: PASSWORD, name });
  expect(response.status(), await response.text()).toBe(200);
  // Staff addresses are in ADMIN_EMAILS: the emailed link verifies them, which makes them admins.
  if (Object.values(STAFF).includes(email)) await new Api(request).verifyEmail(email);
}

/** An authenticator app set up through the API, as /profile does it: answers the key. */
async function enrolThroughApi(request: APIRequestContext): Promise<{ key: string; backupCodes: string[] }> {
  const enable = await post(request, '/api/auth/two-factor/enable', { password: PASSWORD });
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const key = new URL(totpURI).searchParams.get('secret')!;
  const verify = await post(request, '/api/auth/two-factor/verify-totp', { code: await freshTotpCode(key) });
  expect(verify.status(), await verify.text()).toBe(200);
  return { key, backupCodes };
}

const sf = enSecondFactor;

test('an admin is refused the back office until two-step sign-in is set up on /profile, then signs in with the password and the code', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  await signUp(page.request, STAFF.first);

  // Refused on the server, on every admin route.
  for (const path of ['/api/admin/dashboard', '/api/admin/users', '/api/admin/visa-applications']) {
    const refused = await page.request.get(`${product.url}${path}`, { failOnStatusCode: false });
    expect(refused.status(), path).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TWO_FACTOR_REQUIRED');
  }
  // The back office shows the set-up page, and nothing else to reach.
  await openAt(page, '/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: sf.staff.enrolTitle })).toBeVisible(SLOW);
  await expect(page.getByText(sf.staff.enrolIntro)).toBeVisible();
  await expect(page.getByRole('navigation', { name: en.admin.nav.label })).toHaveCount(0);

  // /profile: set up an authenticator app.
  await openAt(page, '/profile');
  const section = page.getByRole('region', { name: sf.section.title });
  await expect(section.getByText(sf.section.statusOff, { exact: true })).toBeVisible(SLOW);
  await expect(section.getByText(sf.section.requiredForStaff)).toBeVisible();
  await section.getByRole('button', { name: sf.section.setUp }).click();
  await section.getByRole('button', { name: sf.enrol.start }).click();
  await expect(section.getByText(enSecondFactor.fresh.passwordRequired)).toBeVisible();
  await section.getByRole('textbox', { name: sf.section.password }).fill('not-my-password');
  await section.getByRole('button', { name: sf.enrol.start }).click();
  await expect(section.getByRole('alert')).toHaveText(en.error.AUTH_WRONG_PASSWORD);
  await section.getByRole('textbox', { name: sf.section.password }).fill(PASSWORD);
  await section.getByRole('button', { name: sf.enrol.start }).click();

  await expect(section.getByRole('img', { name: sf.enrol.qrLabel })).toBeVisible(SLOW);
  await expect(section.getByText(sf.enrol.cantScan)).toBeVisible();
  const key = (await section.locator('code').innerText()).trim();
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const codeField = section.getByRole('textbox', { name: sf.enrol.code });
  await codeField.fill('12');
  await section.getByRole('button', { name: sf.enrol.turnOn }).click();
  await expect(codeField).toHaveAccessibleDescription(sf.errors.code);
  await codeField.fill(await freshTotpCode(key));
  await section.getByRole('button', { name: sf.enrol.turnOn }).click();

  await expect(section.getByRole('heading', { name: sf.backup.title })).toBeVisible(SLOW);
  const codes = section.getByRole('list', { name: sf.backup.listLabel }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCodes = (await codes.allInnerTexts()).map((code) => code.trim());
  for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: sf.backup.download }).click();
  expect((await download).suggestedFilename()).toBe('aylal-backup-codes.txt');
  await section.getByRole('button', { name: sf.backup.done }).click();
  await expect(toast(page, sf.enrol.enabled)).toBeVisible();
  await expect(section.getByText(sf.section.statusOn, { exact: true })).toBeVisible();
  await expect(section.getByText(fill(sf.section.backupLeft_other, { count: 10 }))).toBeVisible();
  await expect(section.getByRole('list', { name: sf.backup.listLabel })).toHaveCount(0);

  // Sign out, then in again: the password, then the code.
  await page.getByRole('banner').getByRole('button', { name: en.publicNav.userMenu, exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: en.publicNav.logout }).click();
  await expect(toast(page, en.common.toast.loggedOut)).toBeVisible();

  // Leaving an account page signed out opens the login panel there; start from the home page.
  await openAt(page, '/');
  const panel = await openLoginPanel(page);
  await submitLogin(panel, STAFF.first, PASSWORD);
  await expect(panel.getByText(sf.login.intro)).toBeVisible(SLOW);
  expect((await page.request.get(`${product.url}/api/me`, { failOnStatusCode: false })).status()).toBe(401);
  const code = panel.getByRole('textbox', { name: sf.login.code });
  await expect(code).toBeFocused();
  await code.fill(totpCode(key, Date.now() + 10 * 60_000));
  await panel.getByRole('button', { name: sf.login.submit }).click();
  await expect(panel.getByRole('alert')).toHaveText(en.error.TWO_FACTOR_INVALID_CODE);
  await code.fill(await freshTotpCode(key));
  await panel.getByRole('button', { name: sf.login.submit }).click();

  await expect(toast(page, en.common.toast.welcomeAdmin)).toBeVisible(SLOW);
  await expect(loginPanel(page)).toBeHidden();
  await expect(page).toHaveURL(`${product.url}/admin/dashboard`);
  await expect(page.getByRole('navigation', { name: en.admin.nav.label })).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: sf.staff.enrolTitle })).toHaveCount(0);
  expect((await page.request.get(`${product.url}/api/admin/dashboard`)).status()).toBe(200);
  await context.close();
});

test('an admin signs in with a backup code, in Mongolian on a phone; the code works once @phone-only', async ({
  browser,
}) => {
  const setup = await browser.newContext({ baseURL: product.url });
  await signUp(setup.request, STAFF.phone, 'Болд Бат');
  const { backupCodes } = await enrolThroughApi(setup.request);
  await setup.close();

  const { context, page } = await newPage(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await openAt(page, '/?lang=mn');
  await page.getByRole('banner').getByRole('button', { name: mn.publicNav.openMenu }).click();
  const menu = page.getByRole('dialog', { name: mn.publicNav.menu });
  await menu.getByRole('button', { name: mn.publicNav.login, exact: true }).click();
  await expect(menu).toBeHidden();
  const panel = loginPanel(page, 'login', mn);
  await submitLogin(panel, STAFF.phone, PASSWORD, mn);
  await expect(panel.getByText(mnSecondFactor.login.intro)).toBeVisible(SLOW);
  await panel.getByRole('button', { name: mnSecondFactor.login.useBackup }).click();
  await expect(panel.getByText(mnSecondFactor.login.backupIntro)).toBeVisible();
  await panel.getByRole('textbox', { name: mnSecondFactor.login.backupCode }).fill(backupCodes[0]!);
  await panel.getByRole('button', { name: mnSecondFactor.login.submit }).click();
  await expect(toast(page, mn.common.toast.welcomeAdmin)).toBeVisible(SLOW);
  await expect(page).toHaveURL(`${product.url}/admin/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: mnSecondFactor.staff.verifyTitle })).toHaveCount(0);
  await context.close();

  // The same code a second time: refused, in Mongolian.
  const again = await browser.newContext({ baseURL: product.url, extraHTTPHeaders: { 'accept-language': 'mn' } });
  expect((await post(again.request, '/api/auth/sign-in/email', { email: STAFF.phone, password: PASSWORD })).ok()).toBe(
    true,
  );
  const reused = await post(again.request, '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
  expect(reused.status()).toBe(401);
  expect(await reused.json()).toEqual({
    error: { code: 'TWO_FACTOR_INVALID_CODE', message: mn.error.TWO_FACTOR_INVALID_CODE },
  });
  await again.close();
});

test('staff confirm it is them with a code to see a passport number once their sign-in is 16 minutes old', async ({
  browser,
}) => {
  // An applicant's submitted application, with a passport number.
  const applicant = await browser.newContext({ baseURL: product.url });
  await signUp(applicant.request, `traveller-${run}@example.com`, 'Nara Bold');
  const draft = (await (await post(applicant.request, '/api/visa-applications', {})).json()) as {
    id: string;
    version: number;
  };
  const form = blankVisaForm({
    firstName: 'Nara',
    lastName: 'Bold',
    email: 'nara@example.com',
    phone: '+976 9911 2233',
    dateOfBirth: '1990-05-01',
    nationality: 'MN',
    passportNumber: 'E7654321',
    passportExpiryDate: addMonths(new Date().toISOString().slice(0, 10), 60),
    country: 'JP',
    purpose: 'tourism',
    criminalRecord: 'no',
  });
  const saved = await applicant.request.put(`${product.url}/api/visa-applications/${draft.id}`, {
    data: { form },
    headers: { origin: product.url, 'if-match': `"${draft.version}"` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await post(applicant.request, `/api/visa-applications/${draft.id}/submit`, {
    consent: { version: VISA_CONSENT_VERSION, language: 'en' },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await applicant.close();

  // A staff member with an authenticator app, signed in with it.
  const { context, page } = await newPage(browser);
  await signUp(page.request, STAFF.fresh);
  const { key } = await enrolThroughApi(page.request);
  await openAt(page, `/admin/visa/${draft.id}`);
  const passport = page.getByTestId('passport-number');
  await expect(passport).toHaveText('•••• 4321', SLOW);
  await page.getByRole('button', { name: sf.passport.showLabel }).click();
  await expect(passport).toHaveText('E7654321');
  await page.getByRole('button', { name: sf.passport.hideLabel }).click();
  await expect(passport).toHaveText('•••• 4321');

  // Sixteen minutes later.
  const db = new pg.Client({ connectionString: product.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `update sessions set created_at = now() - interval '16 minutes', confirmed_at = null
         where user_id = (select id from users where email = $1)`,
      [STAFF.fresh],
    );
  } finally {
    await db.end();
  }
  await openAt(page, `/admin/visa/${draft.id}`);
  await expect(passport).toHaveText('•••• 4321', SLOW);
  await page.getByRole('button', { name: sf.passport.showLabel }).click();
  const dialog = page.getByRole('dialog', { name: sf.fresh.title });
  await expect(dialog).toBeVisible(SLOW);
  await expect(dialog.getByText(sf.fresh.intro)).toBeVisible();
  await expect(passport).toHaveText('•••• 4321');
  await dialog.getByRole('radio', { name: sf.fresh.withCode }).check();
  await dialog.getByRole('textbox', { name: sf.fresh.code }).fill(totpCode(key, Date.now() + 10 * 60_000));
  await dialog.getByRole('button', { name: sf.fresh.submit }).click();
  await expect(dialog.getByRole('alert')).toHaveText(en.error.TWO_FACTOR_INVALID_CODE);
  await dialog.getByRole('textbox', { name: sf.fresh.code }).fill(await freshTotpCode(key));
  await dialog.getByRole('button', { name: sf.fresh.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(passport).toHaveText('E7654321');
  await context.close();
});

test.describe('Google', () => {
  // Its own database: the local provider's Gabi is an account the other specs sign in as too.
  let google: ProductProcess;
  test.beforeAll(async () => {
    google = await startProductProcess(
      {
        STAFF_TWO_FACTOR: 'required',
        ADMIN_EMAILS: GOOGLE_ACCOUNTS.gabi.email,
        GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
        GOOGLE_ISSUER: OIDC_ISSUER,
      },
      { ownDatabase: true },
    );
  });
  test.afterAll(async () => {
    await google?.stop();
  });

  async function continueAsGabi(page: Page) {
    const panel = await openLoginPanel(page);
    await panel.getByRole('button', { name: en.auth.google }).click();
    await expect(page).toHaveTitle('Local Google', SLOW);
    await page.getByRole('button', { name: GOOGLE_ACCOUNTS.gabi.button }).click();
  }

  test('a staff member signing in with Google sets up two-step sign-in on the back office page, then is asked for the code after Google', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: google.url });
    const page = await context.newPage();
    await page.goto(`${google.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', undefined, SLOW);
    await continueAsGabi(page);

    // Signed in, sent to the back office, which asks for a second factor first (no password to give).
    // A new admin is welcomed by name; "Welcome back, Admin!" waits for the next sign-in.
    await expect(toast(page, fill(en.admin.welcomeNew, { name: GOOGLE_ACCOUNTS.gabi.name }))).toBeVisible(SLOW);
    await expect(page).toHaveURL(`${google.url}/admin/dashboard`, SLOW);
    await expect(page.getByRole('heading', { level: 1, name: sf.staff.enrolTitle })).toBeVisible(SLOW);
    await expect(page.getByText(sf.section.googleOnly)).toBeVisible();
    await page.getByRole('button', { name: sf.enrol.start }).click();
    const key = (await page.locator('code').innerText({ timeout: 30_000 })).trim();
    await page.getByRole('textbox', { name: sf.enrol.code }).fill(await freshTotpCode(key));
    await page.getByRole('button', { name: sf.enrol.turnOn }).click();
    await expect(page.getByRole('list', { name: sf.backup.listLabel }).getByRole('listitem')).toHaveCount(10, SLOW);
    await page.getByRole('button', { name: sf.backup.done }).click();
    await expect(page.getByRole('navigation', { name: en.admin.nav.label })).toBeVisible(SLOW);

    // Out, and in again with Google: the login panel asks for the code before any session.
    await page.getByRole('banner').getByRole('button', { name: en.admin.profileMenu }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: en.admin.logout }).click();
    await expect(toast(page, en.common.toast.loggedOut)).toBeVisible(SLOW);
    await continueAsGabi(page);
    const panel = loginPanel(page);
    await expect(panel.getByText(sf.login.intro)).toBeVisible(SLOW);
    await expect(page).toHaveURL(`${google.url}/`);
    expect((await page.request.get(`${google.url}/api/me`, { failOnStatusCode: false })).status()).toBe(401);
    await panel.getByRole('textbox', { name: sf.login.code }).fill(await freshTotpCode(key));
    await panel.getByRole('button', { name: sf.login.submit }).click();
    await expect(toast(page, en.common.toast.welcomeAdmin)).toBeVisible(SLOW);
    await expect(page).toHaveURL(`${google.url}/admin/dashboard`);
    await expect(page.getByRole('navigation', { name: en.admin.nav.label })).toBeVisible(SLOW);
    await context.close();
  });
});
