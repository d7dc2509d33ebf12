/**
 * The back office shell (sidebar, collapse, phone drawer, profile menu) and Settings: promoting and
 * demoting administrators.
 */
import type { Locator, Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  ADMIN_NAME,
  Api,
  BASE_URL,
  en,
  expect,
  fill,
  mn,
  signedInContext,
  test,
  toast,
  VERIFICATION_SUBJECT,
} from './fixtures.ts';

const { admin, common, publicNav } = en;

const SIDEBAR_LINKS = [
  admin.nav.dashboard,
  admin.nav.consultations,
  admin.nav.trips,
  admin.nav.visa,
  admin.nav.payments,
  admin.nav.jobs,
  admin.nav.cv,
  admin.nav.calendar,
  admin.nav.contactUs,
  admin.nav.settings,
  // With the live "{n} new" badge when staff have unread notifications.
  new RegExp(`^${admin.nav.notifications}(\\d+ new)?$`),
  admin.nav.publicSite,
];

function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: admin.nav.label });
}

async function navbarWidth(page: Page): Promise<number> {
  return (await sidebar(page).boundingBox())?.width ?? -1;
}

test.beforeEach(async ({ signInAsAdmin }) => {
  await signInAsAdmin();
});

test.describe('admin shell', { tag: '@phone' }, () => {
  test('the profile menu shows the admin and logs out', async ({ page, api }) => {
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: admin.profileMenu }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(ADMIN_NAME, { exact: true })).toBeVisible();
    await expect(menu.getByText(ADMIN_EMAIL, { exact: true })).toBeVisible();
    await menu.getByRole('menuitem', { name: admin.logout }).click();
    await expect(toast(page, common.toast.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    expect(await api.me()).toBeNull();
    // Nothing of the back office stays reachable.
    await page.goto('/admin/settings');
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });

  test('a section page says what is there', async ({ page }) => {
    await page.goto('/admin/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: admin.nav.contactUs })).toBeVisible();
    await expect(page.getByText(admin.contact.intro, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(en.meta.admin.title);
  });
});

test.describe('sidebar on a desktop', () => {
  test('lists every section and navigates', async ({ page }) => {
    await page.goto('/admin/dashboard');
    const links = sidebar(page).getByRole('link');
    await expect(links).toHaveText(SIDEBAR_LINKS);
    await expect(sidebar(page).getByRole('link', { name: admin.nav.dashboard })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await sidebar(page).getByRole('link', { name: admin.nav.consultations }).click();
    await expect(page).toHaveURL(`${BASE_URL}/admin/consultations`);
    await expect(page.getByRole('heading', { level: 1, name: admin.nav.consultations })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: admin.nav.consultations })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await sidebar(page).getByRole('link', { name: admin.nav.settings }).click();
    await expect(page.getByRole('heading', { level: 1, name: admin.settings.title })).toBeVisible();

    await sidebar(page).getByRole('link', { name: admin.nav.publicSite }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole('heading', { level: 1, name: en.landing.hero.title })).toBeVisible();
  });

  test('collapses to 80 px and expands back to 250 px, and remembers it', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect.poll(() => navbarWidth(page)).toBeCloseTo(250, 0);

    await page.getByRole('button', { name: admin.nav.collapse }).click();
    await expect.poll(() => navbarWidth(page)).toBeCloseTo(80, 0);
    // Collapsed, the links keep their names (icons only on screen).
    await expect(sidebar(page).getByRole('link')).toHaveCount(SIDEBAR_LINKS.length);
    await expect(sidebar(page).getByRole('link', { name: admin.nav.settings })).toBeVisible();
    await expect(sidebar(page).getByText(admin.nav.settings, { exact: true })).toHaveCount(0);

    await page.reload();
    await expect.poll(() => navbarWidth(page)).toBeCloseTo(80, 0);

    await page.getByRole('button', { name: admin.nav.expand }).click();
    await expect.poll(() => navbarWidth(page)).toBeCloseTo(250, 0);
    await expect(sidebar(page).getByText(admin.nav.settings, { exact: true })).toBeVisible();
  });

  test('the language switch in the back office header turns it Mongolian', async ({ page }) => {
    await page.goto('/admin/settings');
    await page
      .getByRole('banner')
      .getByRole('group', { name: en.common.language.label, exact: true })
      .getByRole('button', { name: 'МН' })
      .click();
    const mnSidebar = page.getByRole('navigation', { name: mn.admin.nav.label });
    await expect(mnSidebar.getByRole('link')).toHaveText([
      mn.admin.nav.dashboard,
      mn.admin.nav.consultations,
      mn.admin.nav.trips,
      mn.admin.nav.visa,
      mn.admin.nav.payments,
      mn.admin.nav.jobs,
      mn.admin.nav.cv,
      mn.admin.nav.calendar,
      mn.admin.nav.contactUs,
      mn.admin.nav.settings,
      mn.admin.nav.notifications,
      mn.admin.nav.publicSite,
    ]);
    await expect(page.getByRole('heading', { level: 1, name: mn.admin.settings.title })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: mn.admin.settings.columns.email })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'mn');
    await expect(page).toHaveTitle(mn.meta.admin.title);
  });

  test('the profile menu\'s "View the website" goes to the public site', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: admin.profileMenu }).click();
    await page.getByRole('menuitem', { name: admin.nav.publicSite }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    // And the account menu there leads back to the back office.
    await page.getByRole('banner').getByRole('button', { name: publicNav.userMenu }).click();
    await page.getByRole('menuitem', { name: publicNav.adminScreen }).click();
    await expect(page).toHaveURL(`${BASE_URL}/admin/dashboard`);
  });
});

test('on a phone the sidebar is a drawer opened by the burger', { tag: '@phone-only' }, async ({ page }) => {
  await page.goto('/admin/dashboard');
  const settingsLink = sidebar(page).getByRole('link', { name: admin.nav.settings });
  await expect(
    page.getByRole('heading', { level: 1, name: fill(admin.dashboard.greeting, { name: ADMIN_NAME }) }),
  ).toBeVisible();
  await expect(settingsLink).not.toBeInViewport();
  await expect(page.getByRole('button', { name: admin.nav.collapse })).toBeHidden();

  await page.getByRole('button', { name: admin.nav.openMenu }).click();
  await expect(settingsLink).toBeInViewport();
  await expect(sidebar(page).getByRole('link')).toHaveText(SIDEBAR_LINKS);

  await settingsLink.click();
  await expect(page).toHaveURL(`${BASE_URL}/admin/settings`);
  await expect(page.getByRole('heading', { level: 1, name: admin.settings.title })).toBeVisible();
  // Choosing a section closes the drawer.
  await expect(settingsLink).not.toBeInViewport();
});

test.describe('Settings: administrators', () => {
  async function findUser(page: Page, email: string): Promise<Locator> {
    await page.getByRole('textbox', { name: common.search, exact: true }).fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    return row;
  }

  test('promote a user, who can then open the back office; demote them again', async ({
    page,
    browser,
    createUser,
  }) => {
    const user = await createUser({ name: 'Petra Promoted' });
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: admin.settings.title })).toBeVisible();
    const row = await findUser(page, user.email);
    await expect(row.getByText(admin.settings.roles.user, { exact: true })).toBeVisible();
    await expect(row.getByText(admin.settings.never, { exact: true })).toHaveCount(0); // they signed in at sign-up

    // Cancel first: nothing changes.
    await row.getByRole('button', { name: `${admin.settings.promote}: ${user.email}` }).click();
    const promoteDialog = page.getByRole('dialog', {
      name: fill(admin.settings.confirmPromoteTitle, { name: user.name }),
    });
    await expect(promoteDialog).toContainText(fill(admin.settings.confirmPromoteBody, { email: user.email }));
    await promoteDialog.getByRole('button', { name: common.cancel }).click();
    await expect(promoteDialog).toBeHidden();
    await expect(row.getByText(admin.settings.roles.user, { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `${admin.settings.promote}: ${user.email}` }).click();
    await promoteDialog.getByRole('button', { name: admin.settings.promote, exact: true }).click();
    await expect(toast(page, fill(admin.settings.promoted, { name: user.name }))).toBeVisible();
    await expect(promoteDialog).toBeHidden();
    await expect(row.getByText(admin.settings.roles.admin, { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `${admin.settings.demote}: ${user.email}` })).toBeVisible();

    // The new admin, in a browser of their own.
    const other = await signedInContext(browser, user.email, user.password);
    try {
      await other.page.goto('/admin/dashboard');
      await expect(
        other.page.getByRole('heading', { level: 1, name: fill(admin.dashboard.greeting, { name: user.name }) }),
      ).toBeVisible();
      await expect(other.page).toHaveURL(`${BASE_URL}/admin/dashboard`);

      await row.getByRole('button', { name: `${admin.settings.demote}: ${user.email}` }).click();
      const demoteDialog = page.getByRole('dialog', {
        name: fill(admin.settings.confirmDemoteTitle, { name: user.name }),
      });
      await expect(demoteDialog).toContainText(fill(admin.settings.confirmDemoteBody, { email: user.email }));
      await demoteDialog.getByRole('button', { name: admin.settings.demote, exact: true }).click();
      await expect(toast(page, fill(admin.settings.demoted, { name: user.name }))).toBeVisible();
      await expect(row.getByText(admin.settings.roles.user, { exact: true })).toBeVisible();

      // Back to a regular user, and signed out on every device: the back office sends them home.
      await other.page.goto('/admin/dashboard');
      await expect(other.page).toHaveURL(`${BASE_URL}/`);
      expect(await new Api(other.page.request).me()).toBeNull();
    } finally {
      await other.context.close();
    }
  });

  test('staff sign a user out on every device', async ({ page, browser, createUser }) => {
    const user = await createUser({ name: `Lost Phone ${Date.now().toString(36)}` });
    const phone = await signedInContext(browser, user.email, user.password);
    const laptop = await signedInContext(browser, user.email, user.password);
    try {
      await page.goto('/admin/settings');
      const row = await findUser(page, user.email);
      await row.getByRole('button', { name: `${admin.settings.signOut}: ${user.email}` }).click();
      const dialog = page.getByRole('dialog', { name: fill(admin.settings.confirmSignOutTitle, { name: user.name }) });
      await expect(dialog).toContainText(fill(admin.settings.confirmSignOutBody, { email: user.email }));
      await dialog.getByRole('button', { name: admin.settings.signOutConfirm }).click();
      await expect(toast(page, fill(admin.settings.signedOut, { name: user.name }))).toBeVisible();
      for (const device of [phone, laptop]) expect(await new Api(device.page.request).me()).toBeNull();
      // Their role is as it was.
      await expect(row.getByText(admin.settings.roles.user, { exact: true })).toBeVisible();
    } finally {
      await phone.context.close();
      await laptop.context.close();
    }
  });

  test("the admin's own row has no role button", async ({ page }) => {
    await page.goto('/admin/settings');
    const row = await findUser(page, ADMIN_EMAIL);
    await expect(row.getByText(admin.settings.you, { exact: true })).toBeVisible();
    await expect(row.getByText(admin.settings.roles.admin, { exact: true })).toBeVisible();
    // Only its history: no promote, demote or sign-out.
    await expect(row.getByRole('button')).toHaveText([admin.history.open]);
  });

  test('the count under the table is singular for one user', async ({ page }) => {
    await page.goto('/admin/settings');
    await findUser(page, ADMIN_EMAIL);
    await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  });

  test('the role filter and an empty search', async ({ page, createUser }) => {
    const user = await createUser({ name: 'Filter Fiona' });
    await page.goto('/admin/settings');
    const search = page.getByRole('textbox', { name: common.search, exact: true });
    await search.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await search.fill(user.email);
    // The new user is on the first page before the search lands too: wait for the search itself.
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole('row').filter({ hasText: user.email })).toHaveCount(1);
    // The search is kept in the address, and the page stays where the person typed (the users
    // list is below the fold, under the hours and the visa price).
    expect(scrolled).toBeGreaterThan(100);
    await expect(search).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(page.getByText(fill(admin.settings.total_one, { count: 1 }), { exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: admin.settings.roleFilter }).click();
    await page.getByRole('option', { name: admin.settings.roles.admin, exact: true }).click();
    await expect(page.getByText(admin.settings.empty, { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: user.email })).toHaveCount(0);

    await page.getByRole('combobox', { name: admin.settings.roleFilter }).click();
    await page.getByRole('option', { name: admin.settings.allRoles, exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: user.email })).toHaveCount(1);
  });
});

test('Settings lists an email the mail server refused, and staff send it again', async ({ page, playwright }) => {
  // Someone signs up with an address whose domain cannot exist: the mail server refuses its link.
  const stranger = await playwright.request.newContext({ baseURL: BASE_URL });
  await new Api(stranger).signUp({ email: `zed-${Date.now().toString(36)}@example.invalid`, name: 'Zed Typo' });
  await stranger.dispose();

  await page.goto('/admin/settings#deliveries');
  const card = page.locator('#deliveries');
  await expect(card.getByRole('heading', { name: admin.settings.deliveries.title })).toBeVisible();
  const row = card.getByRole('row').filter({ hasText: 'z***@example.invalid' }).first();
  // Tried at once and refused: it is listed from then on (the list follows the queue).
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(VERIFICATION_SUBJECT);
  await expect(row).toContainText(admin.settings.deliveries.states.retrying);
  await expect(row).toContainText('550');

  await row
    .getByRole('button', { name: `${admin.settings.deliveries.retry}: ${VERIFICATION_SUBJECT}, z***@example.invalid` })
    .click();
  await expect(toast(page, fill(admin.settings.deliveries.retried_one, { count: 1 }))).toBeVisible();
});
