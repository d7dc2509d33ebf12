/**
 * Passkeys (issue 21, docs/decisions/023) in Chromium, with its virtual authenticator (a device
 * that checks the person, as a phone's fingerprint does), on a product process started with
 * STAFF_TWO_FACTOR=required at http://localhost (a browser offers passkeys on a host name only):
 * an admin opens the back office by adding a passkey instead of an app, signs out and in again
 * with it alone; a traveller, in Mongolian on a phone, adds one on /profile, signs in with it,
 * and removes it.
 */
import type { BrowserContext, Page } from '@playwright/test';
import enSecondFactor from '@aylal/locales/en/secondFactor.json' with { type: 'json' };
import mnSecondFactor from '@aylal/locales/mn/secondFactor.json' with { type: 'json' };
import { Api, en, expect, fill, loginPanel, mn, openLoginPanel, test, toast } from './fixtures.ts';
import { startProductProcess, type ProductProcess } from './support/product-process.ts';

const PASSWORD = 'Passkey-e2e-password-1';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const STAFF = `passkey-staff-${run}@example.com`;
/** The first screen of a page on a busy machine may take a while (its code loads in many pieces). */
const SLOW = { timeout: 30_000 };

let product: ProductProcess;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  product = await startProductProcess({ STAFF_TWO_FACTOR: 'required', ADMIN_EMAILS: STAFF }, { hostName: 'localhost' });
});
test.afterAll(async () => {
  await product?.stop();
});

/** A page of its own with a virtual authenticator that checks the person (fingerprint, PIN). */
async function pageWithAuthenticator(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

async function openAt(page: Page, path: string) {
  await page.goto(`${product.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', undefined, SLOW);
}

async function signUp(page: Page, email: string, name: string, language: 'en' | 'mn' = 'en') {
  const response = await page.request.post(`${product.url}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD, name },
    headers: { origin: product.url, 'accept-language': language },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const sf = enSecondFactor;

test('an admin opens the back office by adding a passkey, then signs in with the passkey alone', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: product.url });
  const page = await pageWithAuthenticator(context);
  await signUp(page, STAFF, 'Pat Passkey');
  // In ADMIN_EMAILS: the emailed link makes the address, and so the account, staff's.
  await new Api(page.request).verifyEmail(STAFF);

  await openAt(page, '/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: sf.staff.enrolTitle })).toBeVisible(SLOW);
  await page.getByRole('button', { name: sf.staff.addPasskeyInstead }).click();
  await page.getByRole('textbox', { name: sf.passkeys.name }).fill('Office laptop');
  await page.getByRole('button', { name: sf.passkeys.create }).click();
  // The session that added it has given a second factor: the back office opens.
  await expect(page.getByRole('navigation', { name: en.admin.nav.label })).toBeVisible(SLOW);

  // /profile lists it.
  await openAt(page, '/profile');
  const section = page.getByRole('region', { name: sf.passkeys.title });
  const list = section.getByRole('list', { name: sf.passkeys.listLabel });
  await expect(list.getByRole('listitem')).toHaveCount(1, SLOW);
  await expect(list.getByText('Office laptop', { exact: true })).toBeVisible();

  // Signed out, and in again with the passkey only: no password, no code.
  expect((await page.request.post(`${product.url}/api/auth/sign-out`, { headers: { origin: product.url } })).ok()).toBe(
    true,
  );
  await openAt(page, '/');
  const panel = await openLoginPanel(page);
  await panel.getByRole('button', { name: en.auth.passkey }).click();
  await expect(toast(page, en.common.toast.welcomeAdmin)).toBeVisible(SLOW);
  await expect(page).toHaveURL(`${product.url}/admin/dashboard`);
  await expect(page.getByRole('navigation', { name: en.admin.nav.label })).toBeVisible(SLOW);

  // Signed in with the password alone, adding another passkey asks for this one first (the
  // password would not do), and this device, which holds one already, says so.
  expect((await page.request.post(`${product.url}/api/auth/sign-out`, { headers: { origin: product.url } })).ok()).toBe(
    true,
  );
  const signIn = await page.request.post(`${product.url}/api/auth/sign-in/email`, {
    data: { email: STAFF, password: PASSWORD },
    headers: { origin: product.url },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await openAt(page, '/profile');
  await section.getByRole('button', { name: sf.passkeys.add }).click();
  await section.getByRole('button', { name: sf.passkeys.create }).click();
  const confirm = page.getByRole('dialog', { name: sf.fresh.title });
  await expect(confirm.getByText(sf.fresh.passkeyIntro)).toBeVisible(SLOW);
  await expect(confirm.getByLabel(sf.fresh.password)).toHaveCount(0);
  await confirm.getByRole('button', { name: sf.fresh.passkey }).click();
  await expect(confirm).toBeHidden(SLOW);
  await expect(section.getByRole('alert')).toHaveText(en.error.PASSKEY_ALREADY_ADDED, SLOW);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await context.close();
});

test(
  'a traveller adds a passkey on /profile, signs in with it and removes it, in Mongolian on a phone',
  {
    tag: '@phone-only',
  },
  async ({ browser }) => {
    const context = await browser.newContext({ baseURL: product.url, locale: 'mn-MN' });
    const page = await pageWithAuthenticator(context);
    const email = `passkey-traveller-${run}@example.com`;
    await signUp(page, email, 'Номин Бат', 'mn');
    await openAt(page, '/profile?lang=mn');

    const section = page.getByRole('region', { name: mnSecondFactor.passkeys.title });
    await expect(section.getByText(mnSecondFactor.passkeys.none)).toBeVisible(SLOW);
    await section.getByRole('button', { name: mnSecondFactor.passkeys.add }).click();
    await section.getByRole('textbox', { name: mnSecondFactor.passkeys.name }).fill('Утас');
    await section.getByRole('button', { name: mnSecondFactor.passkeys.create }).click();
    await expect(toast(page, mnSecondFactor.passkeys.added)).toBeVisible(SLOW);
    const list = section.getByRole('list', { name: mnSecondFactor.passkeys.listLabel });
    await expect(list.getByText('Утас', { exact: true })).toBeVisible();

    // Out, then in with the passkey from the phone menu's login.
    const banner = page.getByRole('banner');
    const menu = page.getByRole('dialog', { name: mn.publicNav.menu });
    await banner.getByRole('button', { name: mn.publicNav.openMenu }).click();
    await menu.getByRole('button', { name: mn.publicNav.logout, exact: true }).click();
    await expect(toast(page, mn.common.toast.loggedOut)).toBeVisible(SLOW);
    await expect(menu).toBeHidden();
    // Later, on a page of its own (no toast over the menu's top).
    await openAt(page, '/');
    await banner.getByRole('button', { name: mn.publicNav.openMenu }).click();
    await menu.getByRole('button', { name: mn.publicNav.login, exact: true }).click();
    await expect(menu).toBeHidden();
    await loginPanel(page, 'login', mn).getByRole('button', { name: mn.auth.passkey }).click();
    await expect(toast(page, mn.common.toast.loggedIn)).toBeVisible(SLOW);

    // Removed after asking; the list says there is none.
    await openAt(page, '/profile');
    await section.getByRole('button', { name: fill(mnSecondFactor.passkeys.removeLabel, { name: 'Утас' }) }).click();
    const dialog = page.getByRole('dialog', { name: mnSecondFactor.passkeys.removeTitle });
    await expect(dialog.getByText(fill(mnSecondFactor.passkeys.removeBody, { name: 'Утас' }))).toBeVisible();
    await dialog.getByRole('button', { name: mnSecondFactor.passkeys.remove }).click();
    await expect(toast(page, mnSecondFactor.passkeys.removed)).toBeVisible(SLOW);
    await expect(section.getByText(mnSecondFactor.passkeys.none)).toBeVisible();
    await context.close();
  },
);
