/**
 * Where each kind of visitor may go: unknown paths go home, member pages ask for a login,
 * the back office is for admins only. ('Checking authentication...' may flash: not asserted.)
 */
import {
  accountMenuButton,
  ADMIN_EMAIL,
  BASE_URL,
  en,
  expect,
  fill,
  loginPanel,
  signedInContext,
  submitLogin,
  test,
  toast,
} from './fixtures.ts';

const { common, admin } = en;
const HOME = `${BASE_URL}/`;

test.describe('signed out', () => {
  test('an unknown path ends on the home page', async ({ page }) => {
    await page.goto('/does-not-exist');
    await expect(page).toHaveURL(HOME);
    await expect(page.getByRole('heading', { level: 1, name: en.landing.hero.title })).toBeVisible();
  });

  for (const path of ['/visa', '/cv', '/profile', '/notifications']) {
    test(`${path} asks for a login and opens the login panel`, async ({ page }) => {
      await page.goto(path);
      await expect(loginPanel(page)).toBeVisible();
      await expect(page).toHaveURL(`${BASE_URL}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: common.pleaseLogin })).toBeVisible();

      // Closed, the panel can be opened again from the page.
      await loginPanel(page).getByRole('button', { name: common.close }).click();
      await expect(loginPanel(page)).toBeHidden();
      await page.getByRole('main').getByRole('button', { name: common.loginToContinue, exact: true }).click();
      await expect(loginPanel(page)).toBeVisible();
    });
  }

  test('/admin/dashboard sends a visitor to the home page', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(HOME);
    await expect(page.getByRole('heading', { level: 1, name: en.landing.hero.title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: admin.nav.label })).toHaveCount(0);
  });
});

test('logging in from the /visa panel shows the visa page in place', async ({ page, createUser }) => {
  const user = await createUser({ name: 'Vera Visa' });
  await page.goto('/visa');
  await submitLogin(loginPanel(page), user.email, user.password);
  await expect(toast(page, common.toast.loggedIn)).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/visa`);
  await expect(page.getByRole('heading', { level: 1, name: common.pages.visa.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: common.pleaseLogin })).toHaveCount(0);
  await expect(accountMenuButton(page)).toBeVisible();
});

test('a regular user is sent from /admin/settings to the home page', async ({ page, api, createUser }) => {
  const user = await createUser({ name: 'Ursula User' });
  await api.signIn(user.email, user.password);
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { name: admin.settings.title })).toHaveCount(0);
  // The member pages are open to them.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: common.pages.profile.title })).toBeVisible();
});

test('an admin opening /admin lands on /admin/dashboard; an unknown admin path goes home', async ({
  browser,
  createUser,
}) => {
  const adminUser = await createUser({ email: ADMIN_EMAIL });
  const { context, page } = await signedInContext(browser, adminUser.email, adminUser.password);
  try {
    await page.goto('/admin');
    await expect(page).toHaveURL(`${BASE_URL}/admin/dashboard`);
    await expect(
      page.getByRole('heading', { level: 1, name: fill(admin.dashboard.greeting, { name: adminUser.name }) }),
    ).toBeVisible();

    await page.goto('/admin/no-such-section');
    await expect(page).toHaveURL(HOME);
  } finally {
    await context.close();
  }
});
