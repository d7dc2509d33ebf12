import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, BASE_URL, expect, GOOGLE_ACCOUNTS, OIDC_ISSUER, SMTP_SINK_HTTP_URL, test } from './fixtures.ts';

test.describe('smoke', () => {
  test('the API answers GET /api/health', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('the SMTP sink answers', async ({ request, mail }) => {
    const response = await request.get(`${SMTP_SINK_HTTP_URL}/health`);
    expect(response.status()).toBe(200);
    expect(Array.isArray(await mail.messages('nobody@example.com'))).toBe(true);
  });

  test('the local OpenID provider answers', async ({ request }) => {
    expect((await request.get(`${OIDC_ISSUER}/health`)).status()).toBe(200);
    const discovery = await request.get(`${OIDC_ISSUER}/.well-known/openid-configuration`);
    expect(discovery.status()).toBe(200);
    expect(await discovery.json()).toMatchObject({ issuer: OIDC_ISSUER, jwks_uri: `${OIDC_ISSUER}/jwks` });
  });
});

/**
 * The local "Google" against the real server, driven through the API so it does not depend on the
 * UI: the session cookie must land in the browser after the provider's redirect.
 * (Better Auth allows 3 /sign-in/* requests per 10 s per IP by default, hence desktop only.)
 */
test.describe('Google sign-in through the local provider', () => {
  async function startGoogleSignIn(page: Page) {
    const response = await page.request.post('/api/auth/sign-in/social', {
      headers: { origin: BASE_URL },
      data: { provider: 'google', callbackURL: '/', errorCallbackURL: '/?authError=1' },
    });
    expect(response.status()).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url.startsWith(`${OIDC_ISSUER}/authorize?`)).toBe(true);
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(`${BASE_URL}/api/auth/callback/google`);
    await page.goto(url);
    await expect(page).toHaveTitle('Local Google');
  }

  test('an account with an email is signed in', async ({ page, api }) => {
    await startGoogleSignIn(page);
    await page.getByRole('button', { name: GOOGLE_ACCOUNTS.gabi.button }).click();
    await page.waitForURL(`${BASE_URL}/`);
    expect(await api.me()).toMatchObject({ email: GOOGLE_ACCOUNTS.gabi.email, name: GOOGLE_ACCOUNTS.gabi.name });
  });

  test('an account without an email comes back with error=email_not_found', async ({ page, api }) => {
    await startGoogleSignIn(page);
    await page.getByRole('button', { name: GOOGLE_ACCOUNTS.noEmail.button }).click();
    await page.waitForURL((url) => url.origin === BASE_URL && url.searchParams.get('authError') === '1');
    expect(new URL(page.url()).searchParams.get('error')).toBe('email_not_found');
    expect(await api.me()).toBeNull();
  });
});

test.describe('test helpers', () => {
  test('signInAsAdmin signs in admin@example.com as an admin, twice in a row', async ({ page, api, signInAsAdmin }) => {
    await signInAsAdmin();
    expect(await api.me()).toMatchObject({ email: ADMIN_EMAIL, role: 'admin' });
    await api.signOut();
    expect(await api.me()).toBeNull();
    await signInAsAdmin(page);
    expect(await api.me()).toMatchObject({ email: ADMIN_EMAIL, role: 'admin' });
  });

  test('a password-reset email reaches the SMTP sink', async ({ api, mail, uniqueEmail }) => {
    const user = await api.signUp({ email: uniqueEmail('reset'), name: 'Reset Me' });
    expect(await api.me()).toMatchObject({ email: user.email, role: 'user' });
    const response = await api.post('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/reset-password',
    });
    expect(response.status()).toBe(200);
    const message = await mail.waitForMail(user.email, { subjectIncludes: 'Reset your Aylal password' });
    expect(message.text).toContain('Hello Reset Me');
    expect(message.html).toContain('<a href=');
    expect(mail.extractLink(message.text).startsWith(`${BASE_URL}/`)).toBe(true);
  });
});
