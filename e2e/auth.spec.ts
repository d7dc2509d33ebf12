/**
 * Signing up, in and out through the login panel; Forgot password down to the emailed link;
 * the admin's landing page; Google through the local provider ("Local Google"); verifying an
 * address by its link, staff by ADMIN_EMAILS, and a locked account's way back in (decision 022).
 */
import type { Browser, Page } from '@playwright/test';
import {
  accountMenuButton,
  ADMIN_EMAIL,
  ADMIN_NAME,
  ADMIN_PASSWORD,
  Api,
  BASE_URL,
  en,
  expect,
  fill,
  GOOGLE_ACCOUNTS,
  loginPanel,
  mn,
  OIDC_ISSUER,
  openLoginPanel,
  signedInContext,
  STAFF_EMAIL,
  submitLogin,
  test,
  toast,
  VERIFICATION_SUBJECT,
  waitForLiveApp,
} from './fixtures.ts';

const { auth, common, error, publicNav } = en;

/** Requests the page makes to the auth API (to prove that client-side validation sends nothing). */
function recordAuthRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/auth/')) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

test.describe('email and password', () => {
  test('sign up through the login panel, see the account menu, log out', async ({ page, api, uniqueEmail }) => {
    const email = uniqueEmail('signup');
    const name = 'Sina Signup';
    await page.goto('/');
    const panel = await openLoginPanel(page);
    await panel.getByRole('button', { name: auth.toggle.toSignup }).click();

    const signup = loginPanel(page, 'signup');
    await expect(signup).toBeVisible();
    await signup.getByRole('textbox', { name: auth.name, exact: true }).fill(name);
    await signup.getByRole('textbox', { name: auth.email, exact: true }).fill(email);
    await signup.getByRole('textbox', { name: auth.password, exact: true }).fill('Signup-pass-1');
    await signup.getByRole('button', { name: auth.submit.signup, exact: true }).click();

    await expect(toast(page, common.toast.signedUp)).toBeVisible();
    await expect(signup).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: publicNav.login, exact: true })).toBeHidden();
    expect(await api.me()).toMatchObject({ email, name, role: 'user' });

    await accountMenuButton(page).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
    await expect(menu.getByText(email, { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: publicNav.myCV })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: publicNav.myProfile })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: publicNav.logout })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: publicNav.adminScreen })).toHaveCount(0);

    await menu.getByRole('menuitem', { name: publicNav.logout }).click();
    await expect(toast(page, common.toast.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole('banner').getByRole('button', { name: publicNav.login, exact: true })).toBeVisible();
    await expect(accountMenuButton(page)).toHaveCount(0);
    expect(await api.me()).toBeNull();
  });

  test('the account menu links to My CV and My Profile, and the session survives a reload', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ name: 'Mira Menu' });
    await page.goto('/');
    await submitLogin(await openLoginPanel(page), user.email, user.password);
    await expect(toast(page, common.toast.loggedIn)).toBeVisible();

    await page.reload();
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: publicNav.myCV }).click();
    await expect(page).toHaveURL(`${BASE_URL}/cv`);
    await expect(page.getByRole('heading', { level: 1, name: common.pages.cv.title })).toBeVisible();

    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: publicNav.myProfile }).click();
    await expect(page).toHaveURL(`${BASE_URL}/profile`);
    await expect(page.getByRole('heading', { level: 1, name: common.pages.profile.title })).toBeVisible();
  });

  test('sign-in errors: wrong password, unknown address, and client-side validation', async ({
    page,
    api,
    createUser,
    uniqueEmail,
  }) => {
    const user = await createUser({ name: 'Wanda Wrong' });
    await page.goto('/');
    const panel = await openLoginPanel(page);
    const formError = panel.getByRole('alert');

    await submitLogin(panel, user.email, 'not-the-password');
    await expect(formError).toHaveText(error.AUTH_WRONG_PASSWORD);

    await submitLogin(panel, uniqueEmail('nobody'), user.password);
    await expect(formError).toHaveText(error.AUTH_USER_NOT_FOUND);
    expect(await api.me()).toBeNull();

    // Client-side validation: nothing reaches the server.
    const authRequests = recordAuthRequests(page);
    const emailField = panel.getByRole('textbox', { name: auth.email, exact: true });
    const passwordField = panel.getByRole('textbox', { name: auth.password, exact: true });
    const submit = panel.getByRole('button', { name: auth.submit.login, exact: true });

    await emailField.fill('');
    await passwordField.fill(user.password);
    await submit.click();
    await expect(panel.getByText(auth.validation.emailRequired, { exact: true })).toBeVisible();
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');

    await emailField.fill('not-an-email');
    await submit.click();
    await expect(panel.getByText(auth.validation.emailInvalid, { exact: true })).toBeVisible();
    await expect(panel.getByText(auth.validation.emailRequired, { exact: true })).toHaveCount(0);

    await emailField.fill(user.email);
    await passwordField.fill('12345');
    await submit.click();
    await expect(panel.getByText(auth.validation.passwordTooShort, { exact: true })).toBeVisible();
    await expect(panel.getByText(auth.validation.emailInvalid, { exact: true })).toHaveCount(0);

    expect(authRequests).toEqual([]);
    await expect(panel).toBeVisible();
    expect(await api.me()).toBeNull();

    // Sign-up needs a name.
    await panel.getByRole('button', { name: auth.toggle.toSignup }).click();
    const signup = loginPanel(page, 'signup');
    await signup.getByRole('textbox', { name: auth.email, exact: true }).fill(uniqueEmail('noname'));
    await signup.getByRole('textbox', { name: auth.password, exact: true }).fill('Long-enough-1');
    await signup.getByRole('button', { name: auth.submit.signup, exact: true }).click();
    await expect(signup.getByText(auth.validation.nameRequired, { exact: true })).toBeVisible();
    expect(authRequests).toEqual([]);
    // The message goes as soon as the field is mended, before the next try.
    await signup.getByRole('textbox', { name: auth.name, exact: true }).fill('W');
    await expect(signup.getByText(auth.validation.nameRequired, { exact: true })).toHaveCount(0);

    // An address that already has an account.
    await signup.getByRole('textbox', { name: auth.name, exact: true }).fill('Second Wanda');
    await signup.getByRole('textbox', { name: auth.email, exact: true }).fill(user.email);
    await signup.getByRole('button', { name: auth.submit.signup, exact: true }).click();
    await expect(signup.getByRole('alert')).toHaveText(error.AUTH_USER_EXISTS);
    expect(await api.me()).toBeNull();

    // Back to logging in: the address stays, the password typed for the sign-up does not.
    await signup.getByRole('button', { name: auth.toggle.toLogin }).click();
    const login = loginPanel(page, 'login');
    await expect(login.getByRole('textbox', { name: auth.email, exact: true })).toHaveValue(user.email);
    await expect(login.getByRole('textbox', { name: auth.password, exact: true })).toHaveValue('');
  });

  test('a password error marks the password field invalid for assistive technology', async ({ page }) => {
    await page.goto('/');
    const panel = await openLoginPanel(page);
    await panel.getByRole('textbox', { name: auth.email, exact: true }).fill('someone@example.com');
    const passwordField = panel.getByRole('textbox', { name: auth.password, exact: true });
    await passwordField.fill('12345');
    await panel.getByRole('button', { name: auth.submit.login, exact: true }).click();
    await expect(panel.getByText(auth.validation.passwordTooShort, { exact: true })).toBeVisible();
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordField).toHaveAccessibleDescription(new RegExp(auth.validation.passwordTooShort));
  });

  test('Forgot password: messages, the emailed link, a new password', async ({
    page,
    browser,
    createUser,
    mail,
    uniqueEmail,
  }) => {
    const user = await createUser({ name: 'Rosa Reset' });
    // Signed in elsewhere: the reset signs that session out.
    const elsewhere = await signedInContext(browser, user.email, user.password);
    expect(await new Api(elsewhere.page.request).me()).toMatchObject({ email: user.email });
    const newPassword = 'Brand-new-pass-2';
    await page.goto('/');
    const panel = await openLoginPanel(page);
    const forgot = panel.getByRole('button', { name: auth.forgotPassword });
    const emailField = panel.getByRole('textbox', { name: auth.email, exact: true });

    await forgot.click();
    await expect(panel.getByRole('alert')).toHaveText(error.RESET_EMAIL_REQUIRED);

    await emailField.fill(uniqueEmail('ghost'));
    await forgot.click();
    await expect(panel.getByRole('alert')).toHaveText(error.RESET_USER_NOT_FOUND);

    await emailField.fill(user.email);
    await forgot.click();
    // Said once: in the panel, not again in a toast.
    await expect(panel.getByRole('status')).toHaveText(common.toast.resetSent);
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(common.toast.resetSent, { exact: true })).toHaveCount(1);

    const message = await mail.waitForMail(user.email, { subjectIncludes: 'Reset your Aylal password' });
    expect(message.text).toContain(`Hello ${user.name}`);
    await page.goto(mail.extractLink(message.text));
    await expect(page).toHaveURL((url) => url.pathname === '/reset-password' && url.searchParams.has('token'));
    await expect(page.getByRole('heading', { level: 1, name: auth.reset.title })).toBeVisible();

    const first = page.getByRole('textbox', { name: auth.reset.newPassword, exact: true });
    const second = page.getByRole('textbox', { name: auth.reset.confirmPassword, exact: true });
    const save = page.getByRole('button', { name: auth.reset.submit });
    await first.fill(newPassword);
    await second.fill(`${newPassword}x`);
    await save.click();
    await expect(page.getByText(auth.validation.passwordsDiffer, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password\?/);

    await second.fill(newPassword);
    await save.click();
    await expect(toast(page, common.toast.passwordChanged)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    expect(await new Api(elsewhere.page.request).me()).toBeNull();
    await elsewhere.context.close();

    // The login panel opens by itself with the address filled in: the old password no longer
    // works, the new one does.
    const again = loginPanel(page);
    await expect(again).toBeVisible();
    await expect(again.getByRole('textbox', { name: auth.email, exact: true })).toHaveValue(user.email);
    await submitLogin(again, user.email, user.password);
    await expect(again.getByRole('alert')).toHaveText(error.AUTH_WRONG_PASSWORD);
    await submitLogin(again, user.email, newPassword);
    await expect(toast(page, common.toast.loggedIn)).toBeVisible();
    await expect(accountMenuButton(page)).toBeVisible();

    // The link works once.
    await page.goto(mail.extractLink(message.text));
    await expect(page.getByText(error.RESET_INVALID_TOKEN, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: auth.reset.submit })).toHaveCount(0);
  });

  test('an incomplete reset link says so and offers a new one', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText(auth.reset.missingToken, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: auth.reset.requestNew }).click();
    await expect(loginPanel(page)).toBeVisible();
  });

  test('the login toast does not cover the account menu button', async ({ page, createUser }) => {
    const user = await createUser({ name: 'Toni Toast' });
    await page.goto('/trips');
    await submitLogin(await openLoginPanel(page), user.email, user.password);
    const shown = toast(page, common.toast.loggedIn);
    await expect(shown).toBeVisible();
    const toastBox = (await shown.boundingBox())!;
    const buttonBox = (await accountMenuButton(page).boundingBox())!;
    const overlaps =
      toastBox.x < buttonBox.x + buttonBox.width &&
      buttonBox.x < toastBox.x + toastBox.width &&
      toastBox.y < buttonBox.y + buttonBox.height &&
      buttonBox.y < toastBox.y + toastBox.height;
    expect(overlaps).toBe(false);
  });

  test('the login panel has one heading for its title', async ({ page }) => {
    await page.goto('/');
    const panel = await openLoginPanel(page);
    await expect(panel.getByRole('heading', { name: auth.panelTitle.login })).toHaveCount(1);
  });

  test('the admin lands on the back office with "Welcome back, Admin!"', async ({ page, api, createUser }) => {
    await createUser({ email: ADMIN_EMAIL }); // first sign-up makes it an admin; later runs just sign in
    await page.goto('/');
    await submitLogin(await openLoginPanel(page), ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(toast(page, common.toast.welcomeAdmin)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/admin/dashboard`);
    await expect(
      page.getByRole('heading', { level: 1, name: fill(en.admin.dashboard.greeting, { name: ADMIN_NAME }) }),
    ).toBeVisible();
    expect(await api.me()).toMatchObject({ email: ADMIN_EMAIL, role: 'admin' });
  });
});

test.describe('on a phone', { tag: '@phone-only' }, () => {
  test('log in from the slide-in menu, which then shows the account and logs out', async ({ page, createUser }) => {
    const user = await createUser({ name: 'Pia Phone' });
    await page.goto('/trips');
    const banner = page.getByRole('banner');
    const menu = page.getByRole('dialog', { name: publicNav.menu });
    await banner.getByRole('button', { name: publicNav.openMenu }).click();
    await menu.getByRole('button', { name: publicNav.login, exact: true }).click();
    await expect(menu).toBeHidden();
    await submitLogin(loginPanel(page), user.email, user.password);
    await expect(toast(page, common.toast.loggedIn)).toBeVisible();

    await banner.getByRole('button', { name: publicNav.openMenu }).click();
    await expect(menu.getByText(user.name, { exact: true })).toBeVisible();
    await expect(menu.getByText(user.email, { exact: true })).toBeVisible();
    for (const name of [publicNav.myCV, publicNav.myProfile, publicNav.notifications]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: publicNav.adminScreen })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: publicNav.login, exact: true })).toHaveCount(0);

    await menu.getByRole('button', { name: publicNav.logout, exact: true }).click();
    await expect(toast(page, common.toast.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(menu).toBeHidden();
    await banner.getByRole('button', { name: publicNav.openMenu }).click();
    await expect(menu.getByRole('button', { name: publicNav.login, exact: true })).toBeVisible();
    await expect(menu.getByText(user.email, { exact: true })).toHaveCount(0);
  });

  test('logging out from the phone menu on the home page closes the menu', async ({ page, api, createUser }) => {
    const user = await createUser({ name: 'Hana Home' });
    await api.signIn(user.email, user.password);
    await page.goto('/');
    const menu = page.getByRole('dialog', { name: publicNav.menu });
    await page.getByRole('banner').getByRole('button', { name: publicNav.openMenu }).click();
    await menu.getByRole('button', { name: publicNav.logout, exact: true }).click();
    await expect(toast(page, common.toast.loggedOut)).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test('the logout toast does not cover the menu button', async ({ page, api, createUser }) => {
    const user = await createUser({ name: 'Tara Toast' });
    await api.signIn(user.email, user.password);
    await page.goto('/trips');
    const burger = page.getByRole('banner').getByRole('button', { name: publicNav.openMenu });
    await burger.click();
    await page
      .getByRole('dialog', { name: publicNav.menu })
      .getByRole('button', { name: publicNav.logout, exact: true })
      .click();
    const shown = toast(page, common.toast.loggedOut);
    await expect(shown).toBeVisible();
    await burger.click({ timeout: 1_000 });
    await expect(page.getByRole('dialog', { name: publicNav.menu })).toBeVisible();
  });
});

// Google sign-in is rate limited per IP: three flows in all, desktop only.
test.describe('Google through the local provider', () => {
  async function continueWithGoogle(page: Page) {
    await page.goto('/');
    const panel = await openLoginPanel(page);
    await panel.getByRole('button', { name: auth.google }).click();
    await expect(page).toHaveTitle('Local Google');
    expect(page.url().startsWith(`${OIDC_ISSUER}/authorize?`)).toBe(true);
  }

  test('a new account with an email comes back signed up and greeted as new', async ({ page, api }) => {
    await continueWithGoogle(page);
    await page.getByRole('button', { name: GOOGLE_ACCOUNTS.nora.button }).click();
    // Greeted as after an email sign-up (Google just made the account), and the address bar is clean again.
    await expect(toast(page, common.toast.signedUp)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await accountMenuButton(page).click();
    await expect(page.getByRole('menu').getByText(GOOGLE_ACCOUNTS.nora.name, { exact: true })).toBeVisible();
    await expect(page.getByRole('menu').getByText(GOOGLE_ACCOUNTS.nora.email, { exact: true })).toBeVisible();
    expect(await api.me()).toMatchObject({ email: GOOGLE_ACCOUNTS.nora.email, role: 'user' });
  });

  test('an account without an email comes back with "Email not found" and the panel open', async ({ page, api }) => {
    await continueWithGoogle(page);
    await page.getByRole('button', { name: GOOGLE_ACCOUNTS.noEmail.button }).click();
    await expect(toast(page, error.AUTH_GOOGLE_EMAIL_NOT_FOUND)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(loginPanel(page)).toBeVisible();
    expect(await api.me()).toBeNull();
  });

  test('Cancel on the provider comes back with "Google authentication failed"', async ({ page, api }) => {
    await continueWithGoogle(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(toast(page, error.AUTH_GOOGLE_FAILED)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(loginPanel(page)).toBeVisible();
    expect(await api.me()).toBeNull();
  });
});

// Decision 022: verified addresses, staff by the emailed link, a locked account's way back in.
test.describe('verified addresses and locked accounts', () => {
  const verify = auth.verify;

  test('a new account is sent a link; opened, it lands on a page that says the address is verified', async ({
    page,
    mail,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('verify');
    await page.goto('/');
    const panel = await openLoginPanel(page);
    await panel.getByRole('button', { name: auth.toggle.toSignup }).click();
    const signup = loginPanel(page, 'signup');
    await signup.getByRole('textbox', { name: auth.name, exact: true }).fill('Vera Verify');
    await signup.getByRole('textbox', { name: auth.email, exact: true }).fill(email);
    await signup.getByRole('textbox', { name: auth.password, exact: true }).fill('Verify-pass-1');
    await signup.getByRole('button', { name: auth.submit.signup, exact: true }).click();
    await expect(toast(page, common.toast.signedUp)).toBeVisible();

    const message = await mail.waitForMail(email, { subjectIncludes: VERIFICATION_SUBJECT });
    // Anyone can sign up with any address: the mail quotes nothing the sign-up typed (decision 022).
    expect(message.text).toContain('Hello,');
    expect(message.text).not.toContain('Vera Verify');
    await page.goto(mail.extractLink(message.text));
    await expect(page).toHaveURL(`${BASE_URL}/verify-email?verified=1`);
    await expect(page.getByRole('heading', { level: 1, name: verify.title })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(verify.verified);
    await page.getByRole('link', { name: verify.profile }).click();
    await expect(page).toHaveURL(`${BASE_URL}/profile`);
  });

  test('an expired link says so, and a new one is sent to the address typed', async ({ page, createUser, mail }) => {
    const user = await createUser({ name: 'Ezra Expired' });
    await mail.waitForMail(user.email, { subjectIncludes: VERIFICATION_SUBJECT });
    // Where Better Auth sends an expired link (the server's tests follow a real one there).
    await page.goto('/verify-email?verified=1&error=TOKEN_EXPIRED');
    await expect(page.getByRole('alert')).toHaveText(verify.expired);
    const field = page.getByRole('textbox', { name: auth.email, exact: true });
    await page.getByRole('button', { name: verify.sendNew }).click();
    await expect(page.getByText(auth.validation.emailRequired, { exact: true })).toBeVisible();
    // By keyboard: type the address and press Enter.
    await field.fill(user.email);
    await field.press('Enter');
    await expect(page.getByRole('status')).toHaveText(fill(verify.sent, { email: user.email }));
    await expect.poll(async () => (await mail.messages(user.email)).length).toBe(2);
    // Any other reason is an invalid link, with the same way out.
    await page.goto('/verify-email?verified=1&error=INVALID_TOKEN');
    await expect(page.getByRole('alert')).toHaveText(verify.invalid);
    await expect(page.getByRole('button', { name: verify.sendNew })).toBeVisible();
  });

  test('an address in ADMIN_EMAILS is an admin only once its emailed link is opened', async ({ page, api, mail }) => {
    const input = { email: STAFF_EMAIL, password: 'Staff-e2e-password-1', name: 'Sara Staff' };
    // A retry finds the account of the first try: it is deleted, as its owner could.
    if (!(await api.signUpRaw(input)).ok()) {
      await api.signIn(input.email, input.password);
      expect((await page.request.delete(`${BASE_URL}/api/account`, { headers: { origin: BASE_URL } })).ok()).toBe(true);
      await mail.clear(STAFF_EMAIL);
      expect((await api.signUpRaw(input)).ok()).toBe(true);
    }
    expect(await api.me()).toMatchObject({ role: 'user', emailVerified: false });
    expect((await page.request.get(`${BASE_URL}/api/admin/users`)).status()).toBe(403);
    await page.goto('/');
    await accountMenuButton(page).click();
    await expect(page.getByRole('menuitem', { name: publicNav.adminScreen })).toHaveCount(0);
    await page.keyboard.press('Escape');

    const message = await mail.waitForMail(STAFF_EMAIL, { subjectIncludes: VERIFICATION_SUBJECT });
    await page.goto(mail.extractLink(message.text));
    await expect(page.getByRole('status')).toHaveText(verify.verified);
    expect(await api.me()).toMatchObject({ role: 'admin', emailVerified: true });
    await accountMenuButton(page).click();
    await expect(page.getByRole('menuitem', { name: publicNav.adminScreen })).toBeVisible();
  });

  /** Ten wrong passwords for the account from a browser of their own, as a guesser elsewhere. */
  async function lockOut(browser: Browser, email: string) {
    const guesser = await browser.newContext({ baseURL: BASE_URL });
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await new Api(guesser.request).signInRaw(email, `Guess-${attempt}`)).status()).toBe(401);
    }
    await guesser.close();
  }

  test('a locked account: a new browser is offered a sign-in link by email, which works once', async ({
    page,
    browser,
    createUser,
    mail,
  }) => {
    // Ten password checks (scrypt) to lock the account: slow on a loaded machine.
    test.slow();
    const user = await createUser({ name: 'Lola Locked' });
    await lockOut(browser, user.email);

    await page.goto('/');
    const panel = await openLoginPanel(page);
    await submitLogin(panel, user.email, user.password);
    await expect(panel.getByRole('alert')).toHaveText(error.AUTH_ACCOUNT_LOCKED);
    await panel.getByRole('button', { name: auth.signInLink.offer }).click();
    await expect(panel.getByRole('status')).toHaveText(fill(auth.signInLink.sent, { email: user.email }));
    await expect(panel.getByRole('button', { name: auth.signInLink.offer })).toHaveCount(0);

    const message = await mail.waitForMail(user.email, { subjectIncludes: 'Your Aylal sign-in link' });
    const link = mail.extractLink(message.text);
    await page.goto(link);
    await expect(toast(page, common.toast.loggedIn)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(accountMenuButton(page)).toBeVisible();

    // Opened again elsewhere, it says it was used and opens the login panel.
    const later = await browser.newContext({ baseURL: BASE_URL });
    const laterPage = waitForLiveApp(await later.newPage());
    await laterPage.goto(link);
    await expect(toast(laterPage, error.AUTH_LINK_INVALID)).toBeVisible();
    await expect(loginPanel(laterPage)).toBeVisible();
    expect(await new Api(laterPage.request).me()).toBeNull();
    await later.close();
  });

  test("a locked account: its owner's browser, where they signed in before, still signs in", async ({
    browser,
    createUser,
  }) => {
    // Ten password checks (scrypt) to lock the account: slow on a loaded machine.
    test.slow();
    const user = await createUser({ name: 'Owen Owner' });
    // The owner signed in on this browser before: it carries a device cookie for the account.
    const own = await signedInContext(browser, user.email, user.password);
    await new Api(own.page.request).signOut();
    await lockOut(browser, user.email);
    // Any other browser waits, right password or not.
    const stranger = await browser.newContext({ baseURL: BASE_URL });
    expect((await new Api(stranger.request).signInRaw(user.email, user.password)).status()).toBe(429);
    await stranger.close();

    await own.page.goto('/');
    await submitLogin(await openLoginPanel(own.page), user.email, user.password);
    await expect(toast(own.page, common.toast.loggedIn)).toBeVisible();
    await own.context.close();
  });

  test('in Mongolian: the email and the page that says the address is verified', async ({
    page,
    mail,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('mongol');
    await page.goto('/?lang=mn');
    const panel = await openLoginPanel(page, mn);
    await panel.getByRole('button', { name: mn.auth.toggle.toSignup }).click();
    const signup = loginPanel(page, 'signup', mn);
    await signup.getByRole('textbox', { name: mn.auth.name, exact: true }).fill('Сараа Бат');
    await signup.getByRole('textbox', { name: mn.auth.email, exact: true }).fill(email);
    await signup.getByRole('textbox', { name: mn.auth.password, exact: true }).fill('Mongol-pass-1');
    await signup.getByRole('button', { name: mn.auth.submit.signup, exact: true }).click();
    await expect(toast(page, mn.common.toast.signedUp)).toBeVisible();

    const message = await mail.waitForMail(email, { subjectIncludes: 'Аялал: имэйл хаягаа баталгаажуулна уу' });
    expect(message.text).toContain('Сайн байна уу,');
    expect(message.text).not.toContain('Сараа Бат');
    await page.goto(mail.extractLink(message.text));
    await expect(page.getByRole('heading', { level: 1, name: mn.auth.verify.title })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(mn.auth.verify.verified);
  });
});
