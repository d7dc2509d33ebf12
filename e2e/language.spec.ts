/**
 * English and Mongolian: the header switch, what it changes, what is remembered; ?lang=mn links and
 * the server-rendered head; the USD/MNT choice.
 */
import type { Locator, Page } from '@playwright/test';
import {
  accountMenuButton,
  BASE_URL,
  en,
  expect,
  loginPanel,
  mn,
  openLoginPanel,
  submitLogin,
  test,
  toast,
  uniqueEmail,
  type Texts,
} from './fixtures.ts';

function header(page: Page): Locator {
  return page.getByRole('banner');
}

/** A button of the language switch: "EN"/"МН" in the bar, "English"/"Монгол" in the phone's menu. */
function languageButton(scope: Locator, texts: Texts, code: 'en' | 'mn'): Locator {
  const name = code === 'en' ? /^(EN|English)$/ : /^(МН|Монгол)$/;
  return scope.getByRole('group', { name: texts.common.language.label, exact: true }).getByRole('button', { name });
}

async function expectPressed(button: Locator, pressed = true) {
  await expect(button).toHaveAttribute('aria-pressed', String(pressed));
}

/** The four items of the main navigation, in order, read from the header. */
async function expectNav(page: Page, texts: Texts) {
  const nav = header(page).getByRole('navigation', { name: texts.publicNav.mainNavigation });
  await expect(nav.getByRole('link')).toHaveText([
    texts.publicNav.home,
    texts.publicNav.trips,
    texts.publicNav.visa,
    texts.publicNav.jobs,
    texts.publicNav.contact,
  ]);
}

test.describe('language', () => {
  test('the header switch turns the site Mongolian, is remembered, and switches back', async ({ page }) => {
    await page.goto('/');
    await expectNav(page, en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(en.meta.home.title);

    await languageButton(header(page), en, 'mn').click();
    await expectNav(page, mn);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mn');
    await expect(page.getByRole('heading', { level: 1, name: mn.landing.hero.title })).toBeVisible();
    await expect(page).toHaveTitle(mn.meta.home.title);
    await expectPressed(languageButton(header(page), mn, 'mn'));
    await expectPressed(languageButton(header(page), mn, 'en'), false);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('mn');

    await page.reload();
    await expectNav(page, mn);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mn');
    await expect(header(page).getByRole('button', { name: mn.publicNav.login, exact: true })).toBeVisible();

    // Another page keeps the language too.
    await header(page)
      .getByRole('navigation', { name: mn.publicNav.mainNavigation })
      .getByRole('link', { name: mn.publicNav.trips, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: mn.common.pages.trips.title })).toBeVisible();
    await expect(page).toHaveTitle(mn.meta.trips.title);

    await languageButton(header(page), mn, 'en').click();
    await expectNav(page, en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: en.common.pages.trips.title })).toBeVisible();
    await expect(page).toHaveTitle(en.meta.trips.title);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.reload();
    await expectNav(page, en);
  });

  test('the login panel and its messages speak Mongolian', async ({ page }) => {
    await page.goto('/');
    await languageButton(header(page), en, 'mn').click();
    const panel = await openLoginPanel(page, mn);
    await expect(panel.getByText(mn.auth.panelSubtitle.login, { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: mn.auth.google })).toBeVisible();

    const submit = panel.getByRole('button', { name: mn.auth.submit.login, exact: true });
    await submit.click();
    await expect(panel.getByText(mn.auth.validation.emailRequired, { exact: true })).toBeVisible();
    await expect(panel.getByText(mn.auth.validation.passwordTooShort, { exact: true })).toBeVisible();

    await panel.getByRole('textbox', { name: mn.auth.email, exact: true }).fill('not-an-email');
    await submit.click();
    await expect(panel.getByText(mn.auth.validation.emailInvalid, { exact: true })).toBeVisible();

    // A refusal from the server is shown in Mongolian as well.
    await panel.getByRole('textbox', { name: mn.auth.email, exact: true }).fill(uniqueEmail('nobody-mn'));
    await panel.getByRole('textbox', { name: mn.auth.password, exact: true }).fill('Whatever-1');
    await submit.click();
    await expect(panel.getByRole('alert')).toHaveText(mn.error.AUTH_USER_NOT_FOUND);

    await panel.getByRole('button', { name: mn.auth.toggle.toSignup }).click();
    const signup = loginPanel(page, 'signup', mn);
    await expect(signup).toBeVisible();
    await expect(signup.getByRole('textbox', { name: mn.auth.name, exact: true })).toBeVisible();
    await expect(signup.getByRole('button', { name: mn.auth.submit.signup, exact: true })).toBeVisible();
  });

  test('in Mongolian the toasts and the password-reset email are Mongolian too', async ({ page, createUser, mail }) => {
    const user = await createUser({ name: 'Bat Mongol' });
    await page.goto('/');
    await languageButton(header(page), en, 'mn').click();
    const panel = await openLoginPanel(page, mn);

    await panel.getByRole('textbox', { name: mn.auth.email, exact: true }).fill(user.email);
    await panel.getByRole('button', { name: mn.auth.forgotPassword }).click();
    await expect(panel.getByRole('status')).toHaveText(mn.common.toast.resetSent);
    // Its sign-up's address check came first: the newest with this subject is the reset mail.
    const message = await mail.waitForMail(user.email, { subjectIncludes: 'Аялал бүртгэлийн нууц үгээ сэргээх' });
    expect(message.subject).toBe('Аялал бүртгэлийн нууц үгээ сэргээх');
    expect(message.text).toContain(`Сайн байна уу, ${user.name}`);

    await submitLogin(panel, user.email, user.password, mn);
    await expect(toast(page, mn.common.toast.loggedIn)).toBeVisible();
    await accountMenuButton(page, mn).click();
    await expect(page.getByRole('menuitem', { name: mn.publicNav.myProfile })).toBeVisible();
    await page.getByRole('menuitem', { name: mn.publicNav.logout }).click();
    await expect(toast(page, mn.common.toast.loggedOut)).toBeVisible();
  });

  test('/?lang=mn opens in Mongolian, and the server sends the Mongolian head', async ({ page }) => {
    const response = await page.request.get('/?lang=mn');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="mn">');
    expect(html).toContain(`<title>${mn.meta.home.title}</title>`);
    expect(html).toContain(`<meta name="description" content="${mn.meta.home.description}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${BASE_URL}/">`);
    expect(html).toContain(`<link rel="alternate" hreflang="mn" href="${BASE_URL}/?lang=mn">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${BASE_URL}/">`);
    expect(html).toContain(`<link rel="canonical" href="${BASE_URL}/?lang=mn">`);
    // Without ?lang the head is English.
    const english = await (await page.request.get('/')).text();
    expect(english).toContain(`<title>${en.meta.home.title}</title>`);
    expect(english).toContain('<html lang="en">');
    // Another page has its own title.
    expect(await (await page.request.get('/trips?lang=mn')).text()).toContain(`<title>${mn.meta.trips.title}</title>`);

    await page.goto('/?lang=mn');
    await expectNav(page, mn);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mn');
    await expect(page).toHaveTitle(mn.meta.home.title);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('mn');
  });
});

test('choosing English after arriving on /?lang=mn survives a reload', async ({ page }) => {
  await page.goto('/?lang=mn');
  await expectNav(page, mn);
  await languageButton(header(page), mn, 'en').click();
  await expectNav(page, en);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectNav(page, en);
});

test('the currency choice is remembered across a reload', async ({ page }) => {
  await page.goto('/trips');
  const currency = header(page).getByRole('group', { name: en.common.currency.label, exact: true });
  const usd = currency.getByRole('button', { name: '$ USD' });
  const mnt = currency.getByRole('button', { name: '₮ MNT' });
  await expectPressed(usd);
  await expectPressed(mnt, false);

  await mnt.click();
  await expectPressed(mnt);
  await expectPressed(usd, false);
  expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('MNT');

  await page.reload();
  await expectPressed(mnt);
  await expectPressed(usd, false);

  await usd.click();
  await page.reload();
  await expectPressed(usd);
  expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('USD');
});

test('on a phone the language is switched in the slide-in menu', { tag: '@phone-only' }, async ({ page }) => {
  await page.goto('/');
  await header(page).getByRole('button', { name: en.publicNav.openMenu }).click();
  const menu = page.getByRole('dialog', { name: en.publicNav.menu });
  await languageButton(menu, en, 'mn').click();
  await expect(page.getByRole('dialog', { name: mn.publicNav.menu })).toBeVisible();
  const nav = page
    .getByRole('dialog', { name: mn.publicNav.menu })
    .getByRole('navigation', { name: mn.publicNav.mainNavigation });
  await expect(nav.getByRole('link')).toHaveText([
    mn.publicNav.home,
    mn.publicNav.trips,
    mn.publicNav.visa,
    mn.publicNav.jobs,
    mn.publicNav.contact,
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'mn');
});
