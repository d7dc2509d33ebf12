import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import enAdmin from '@aylal/locales/en/admin.json' with { type: 'json' };
import enAuth from '@aylal/locales/en/auth.json' with { type: 'json' };
import enCommon from '@aylal/locales/en/common.json' with { type: 'json' };
import enError from '@aylal/locales/en/error.json' with { type: 'json' };
import enFooter from '@aylal/locales/en/footer.json' with { type: 'json' };
import enLanding from '@aylal/locales/en/landing.json' with { type: 'json' };
import enMeta from '@aylal/locales/en/meta.json' with { type: 'json' };
import enPublicNav from '@aylal/locales/en/publicNav.json' with { type: 'json' };
import mnAdmin from '@aylal/locales/mn/admin.json' with { type: 'json' };
import mnAuth from '@aylal/locales/mn/auth.json' with { type: 'json' };
import mnCommon from '@aylal/locales/mn/common.json' with { type: 'json' };
import mnError from '@aylal/locales/mn/error.json' with { type: 'json' };
import mnFooter from '@aylal/locales/mn/footer.json' with { type: 'json' };
import mnLanding from '@aylal/locales/mn/landing.json' with { type: 'json' };
import mnMeta from '@aylal/locales/mn/meta.json' with { type: 'json' };
import mnPublicNav from '@aylal/locales/mn/publicNav.json' with { type: 'json' };
import {
  ADMIN_EMAIL,
  ADMIN_EMAILS,
  ADMIN_NAME,
  ADMIN_PASSWORD,
  BASE_URL,
  LANE,
  SMTP_SINK_HTTP_URL,
  VERIFICATION_SUBJECT,
} from './support/constants.ts';

export * from './support/constants.ts';

// ------------------------------------------------------------------------------------------------
// Mail: what the product sent to the SMTP sink (e2e/support/smtp-sink.ts).

export interface SinkMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The calendar invitation the message carries, '' when none. */
  calendar: string;
  /** The thread's headers ('' when absent). */
  messageId: string;
  inReplyTo: string;
  references: string;
}

export interface WaitForMailOptions {
  subjectIncludes?: string;
  /** Milliseconds; 10 s unless told. */
  timeout?: number;
}

export class MailSink {
  constructor(private readonly baseUrl = SMTP_SINK_HTTP_URL) {}

  /** Every message received for an address (every message at all without one), oldest first. */
  async messages(to?: string): Promise<SinkMail[]> {
    const url = new URL('/messages', this.baseUrl);
    if (to) url.searchParams.set('to', to);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`smtp sink: GET ${url.pathname} answered ${response.status}`);
    return (await response.json()) as SinkMail[];
  }

  /** Forgets the messages of one address, or all of them. */
  async clear(to?: string): Promise<void> {
    const url = new URL('/messages', this.baseUrl);
    if (to) url.searchParams.set('to', to);
    const response = await fetch(url, { method: 'DELETE' });
    if (!response.ok) throw new Error(`smtp sink: DELETE ${url.pathname} answered ${response.status}`);
  }

  /** The newest message for `to` (whose subject includes `subjectIncludes`), polling up to 10 s. */
  async waitForMail(to: string, options: WaitForMailOptions = {}): Promise<SinkMail> {
    const { subjectIncludes, timeout = 10_000 } = options;
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = (await this.messages(to)).filter(
        (message) => subjectIncludes === undefined || message.subject.includes(subjectIncludes),
      );
      const newest = found.at(-1);
      if (newest) return newest;
      if (Date.now() > deadline) {
        const what = subjectIncludes === undefined ? '' : ` with a subject including "${subjectIncludes}"`;
        throw new Error(`no email to ${to}${what} within ${timeout} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The first http(s) URL in a text, trailing punctuation left out. */
  extractLink(text: string): string {
    return extractLink(text);
  }
}

export function extractLink(text: string): string {
  const match = /https?:\/\/[^\s<>"'`]+/.exec(text);
  if (!match) throw new Error(`no link in:\n${text}`);
  return match[0].replace(/[.,;:!?)\]}]+$/, '');
}

// ------------------------------------------------------------------------------------------------
// Accounts through the HTTP API, with the page's request context: its cookies are the browser's.

let counter = 0;

/** A fresh address for one test: prefix-<time>-<counter><random>@example.com */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 6);
  const safePrefix = prefix.toLowerCase().replace(/[^a-z0-9.-]+/g, '-');
  return `${safePrefix}-${Date.now().toString(36)}-${counter}${random}@example.com`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

export interface SignUpInput {
  email?: string;
  password?: string;
  name?: string;
}

export const DEFAULT_PASSWORD = 'Test-password-1';

/** The product's error shape: { error: { code, message, details? } }. */
async function errorCode(response: APIResponse): Promise<string | undefined> {
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
  return body?.error?.code;
}

async function describe(response: APIResponse): Promise<string> {
  return `${response.status()} ${await response.text().catch(() => '')}`;
}

export class Api {
  constructor(private readonly request: APIRequestContext) {}

  /** POST to the product with its Origin (Better Auth refuses cookie-carrying POSTs without it). */
  post(path: string, data: unknown): Promise<APIResponse> {
    return this.request.post(new URL(path, BASE_URL).toString(), {
      data,
      headers: { origin: BASE_URL, 'content-type': 'application/json' },
      failOnStatusCode: false,
    });
  }

  /** POST /api/auth/sign-up/email: creates the user and signs it in (the session cookie lands in the page's context). */
  async signUp(input: SignUpInput = {}): Promise<TestUser> {
    const email = input.email ?? uniqueEmail('user');
    const password = input.password ?? DEFAULT_PASSWORD;
    const name = input.name ?? 'Test User';
    const response = await this.signUpRaw({ email, password, name });
    if (!response.ok()) throw new Error(`sign-up of ${email} failed: ${await describe(response)}`);
    const body = (await response.json()) as { user: { id: string } };
    return { id: body.user.id, email, password, name };
  }

  signUpRaw(input: Required<SignUpInput>): Promise<APIResponse> {
    return this.post('/api/auth/sign-up/email', input);
  }

  /** POST /api/auth/sign-in/email; throws unless it succeeds. Returns the user's id. */
  async signIn(email: string, password: string): Promise<string> {
    const response = await this.signInRaw(email, password);
    if (!response.ok()) throw new Error(`sign-in of ${email} failed: ${await describe(response)}`);
    const body = (await response.json()) as { user: { id: string } };
    return body.user.id;
  }

  signInRaw(email: string, password: string): Promise<APIResponse> {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  async signOut(): Promise<void> {
    const response = await this.post('/api/auth/sign-out', {});
    if (!response.ok()) throw new Error(`sign-out failed: ${await describe(response)}`);
  }

  /**
   * Opens the address-verification link the SMTP sink last received for `email`, as its owner
   * would from the mail (with this context's cookies), and checks it landed on the verified page.
   */
  async verifyEmail(email: string, mail = new MailSink()): Promise<void> {
    const message = await mail.waitForMail(email, { subjectIncludes: VERIFICATION_SUBJECT });
    const response = await this.request.get(extractLink(message.text), { maxRedirects: 0, failOnStatusCode: false });
    const landing = new URL(response.headers().location ?? '', BASE_URL);
    if (response.status() !== 302 || landing.pathname !== '/verify-email' || landing.searchParams.has('error')) {
      throw new Error(`verifying ${email} failed: ${response.status()} ${landing.toString()}`);
    }
  }

  /**
   * Signs up, or signs in when the address already has an account. A new account whose address is
   * in ADMIN_EMAILS is verified through its emailed link, which is what makes it an admin.
   */
  async signUpOrIn(input: Required<SignUpInput>): Promise<TestUser> {
    const response = await this.signUpRaw(input);
    if (response.ok()) {
      const body = (await response.json()) as { user: { id: string } };
      if (ADMIN_EMAILS.includes(input.email.toLowerCase())) await this.verifyEmail(input.email);
      return { id: body.user.id, ...input };
    }
    const code = await errorCode(response);
    if (code !== 'AUTH_USER_EXISTS' && response.status() !== 422) {
      throw new Error(`sign-up of ${input.email} failed: ${response.status()} ${code ?? ''}`);
    }
    const id = await this.signIn(input.email, input.password);
    return { id, ...input };
  }

  /** The product's view of the signed-in user (GET /api/me), or null when signed out. */
  async me(): Promise<Record<string, unknown> | null> {
    const response = await this.request.get(new URL('/api/me', BASE_URL).toString(), { failOnStatusCode: false });
    if (response.status() === 401) return null;
    if (!response.ok()) throw new Error(`GET /api/me failed: ${await describe(response)}`);
    return (await response.json()) as Record<string, unknown>;
  }
}

/** Signs the page's context in as admin@example.com (created, verified and so an admin, on first use). */
export async function signInAsAdmin(page: Page): Promise<TestUser> {
  return new Api(page.request).signUpOrIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, name: ADMIN_NAME });
}

// ------------------------------------------------------------------------------------------------
// The texts people see, straight from the web app's locale files (assert on these, never retype them).

export const en = {
  admin: enAdmin,
  auth: enAuth,
  common: enCommon,
  error: enError,
  footer: enFooter,
  landing: enLanding,
  meta: enMeta,
  publicNav: enPublicNav,
};
export const mn = {
  admin: mnAdmin,
  auth: mnAuth,
  common: mnCommon,
  error: mnError,
  footer: mnFooter,
  landing: mnLanding,
  meta: mnMeta,
  publicNav: mnPublicNav,
};
export type Texts = typeof en;

/** i18next-style interpolation: fill('Hello, {{name}}', { name: 'Ann' }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

// ------------------------------------------------------------------------------------------------
// The screen, as a person sees it.

/** A toast (Mantine notification, role "alert") showing exactly `text`. */
/** An API answer's JSON, once its status is the expected one (its body in the failure otherwise). */
export async function ok<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ has: page.getByText(text, { exact: true }) });
}

/** The login side panel, in its login or sign-up mode. */
export function loginPanel(page: Page, mode: 'login' | 'signup' = 'login', texts: Texts = en): Locator {
  return page.getByRole('dialog', { name: texts.auth.panelTitle[mode] });
}

/** Opens the login panel with the header's Login button (desktop width). */
export async function openLoginPanel(page: Page, texts: Texts = en): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: texts.publicNav.login, exact: true }).click();
  const panel = loginPanel(page, 'login', texts);
  await expect(panel).toBeVisible();
  return panel;
}

/** Fills the open login panel (login mode) and submits it. */
export async function submitLogin(panel: Locator, email: string, password: string, texts: Texts = en): Promise<void> {
  await panel.getByRole('textbox', { name: texts.auth.email, exact: true }).fill(email);
  await panel.getByRole('textbox', { name: texts.auth.password, exact: true }).fill(password);
  await panel.getByRole('button', { name: texts.auth.submit.login, exact: true }).click();
}

/** The signed-in header's account button. */
export function accountMenuButton(page: Page, texts: Texts = en): Locator {
  return page.getByRole('banner').getByRole('button', { name: texts.publicNav.userMenu, exact: true });
}

/** A new browser context (own cookies) signed in as email/password through the API, with a page. */
export async function signedInContext(
  browser: Browser,
  email: string,
  password: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, ...options });
  const page = waitForLiveApp(await context.newPage());
  await new Api(page.request).signIn(email, password);
  return { context, page };
}

// ------------------------------------------------------------------------------------------------

export interface Fixtures {
  mail: MailSink;
  /** HTTP API helpers sharing the page's cookies. */
  api: Api;
  uniqueEmail: (prefix?: string) => string;
  signInAsAdmin: (page?: Page) => Promise<TestUser>;
  /**
   * Creates an account through the API in a request context of its own: the page stays signed out.
   * The admin account (ADMIN_EMAIL) is signed up when missing, signed in otherwise.
   */
  createUser: (input?: SignUpInput) => Promise<TestUser>;
}

/**
 * Pages the server draws are on screen before their code runs (it is asked for after the first
 * paint): a test that clicks at once would click a drawing. After a page load, wait until the app
 * has taken the page over (`<html data-ready>`).
 */
export function waitForLiveApp(page: Page): Page {
  const settle = async <T extends Awaited<ReturnType<Page['goto']>>>(response: T): Promise<T> => {
    const ours = response?.url().startsWith(BASE_URL) ?? false;
    if (ours && response?.headers()['content-type']?.includes('text/html')) {
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', undefined, {
        timeout: 15_000,
      });
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => settle(await goto(...args));
  page.reload = async (...args) => settle(await reload(...args));
  return page;
}

/**
 * Waits until this worker's product answers (lane 0's is up before any test; the others start
 * while the first tests run: playwright.config.ts).
 */
async function waitForProduct(timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      if ((await fetch(`${BASE_URL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`lane ${LANE}: no product answered on ${BASE_URL} within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const test = base.extend<Fixtures, { lane: number }>({
  lane: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await waitForProduct(170_000);
      await use(LANE);
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  // This worker's lane's product (the config's baseURL is lane 0's in the runner).
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(BASE_URL);
  },
  page: async ({ page }, use) => {
    await use(waitForLiveApp(page));
  },
  // eslint-disable-next-line no-empty-pattern
  mail: async ({}, use) => {
    await use(new MailSink());
  },
  api: async ({ page }, use) => {
    await use(new Api(page.request));
  },
  // eslint-disable-next-line no-empty-pattern
  uniqueEmail: async ({}, use) => {
    await use(uniqueEmail);
  },
  signInAsAdmin: async ({ page }, use) => {
    await use((target = page) => signInAsAdmin(target));
  },
  createUser: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    const api = new Api(request);
    await use((input = {}) =>
      input.email?.toLowerCase() === ADMIN_EMAIL
        ? api.signUpOrIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, name: ADMIN_NAME, ...input })
        : api.signUp(input),
    );
    await request.dispose();
  },
});

export { expect };
