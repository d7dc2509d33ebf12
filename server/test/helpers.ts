import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import enErrors from '@aylal/locales/en/error.json' with { type: 'json' };
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDb, type Db } from '../src/db/client.ts';
import type { Mail, Mailer } from '../src/mail/mailer.ts';
import { createDatabaseFromTemplate, dropDatabase } from './database.ts';
import { queuedLink } from '../src/plugins/email-links.ts';

/** The PUBLIC_URL of every test app; Better Auth refuses POSTs from any other Origin. */
export const ORIGIN = 'http://localhost:3000';
/** Where the emailed password-reset links lead (the web app's page). */
export const RESET_PAGE = `${ORIGIN}/reset-password`;
export const ADMIN_EMAIL = 'admin@example.com';

/** The back-office account most tests sign up first, by its name. */
export const AGENCY_ADMIN = { email: ADMIN_EMAIL, name: 'Agency Admin' };
export const DEFAULT_PASSWORD = 'correct-horse-42';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

interface RequestOptions {
  cookie?: string;
  headers?: Record<string, string>;
  /** The caller's address: rate limits count per address. */
  remoteAddress?: string;
}

interface SendOptions extends RequestOptions {
  /** Sent as JSON (with its Content-Type); no body at all when neither this nor `raw` is given. */
  body?: unknown;
  /** Or a body sent as it is, with its own Content-Type: an upload from `multipart()`, a malformed body. */
  raw?: { payload: Buffer | string; contentType?: string };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one way tests make requests: `send` as the web app does (our Origin, the caller's cookie, a
 * JSON body or a raw one), `get` as a signed-in or anonymous visitor, `authPost` to Better Auth.
 * `createTestApp` gives these for its app; a test that builds an app of its own calls this.
 */
export function requestsTo(app: FastifyInstance) {
  const send = (method: Method, url: string, options: SendOptions = {}) => {
    const { body, raw } = options;
    const contentType = raw ? raw.contentType : body === undefined ? undefined : 'application/json';
    const payload = raw ? raw.payload : body === undefined ? undefined : JSON.stringify(body);
    return app.inject({
      method,
      url,
      headers: {
        origin: ORIGIN,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(contentType ? { 'content-type': contentType } : {}),
        ...options.headers,
      },
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      ...(payload === undefined ? {} : { payload }),
    });
  };

  /** A POST to Better Auth as the web app sends it (JSON, our Origin). */
  const authPost = (route: string, body: unknown, options: RequestOptions = {}) =>
    send('POST', `/api/auth${route}`, { ...options, body });

  /** GET as a signed-in (cookie) or anonymous caller, without an Origin, as a browser navigates. */
  const get = (url: string, options: RequestOptions = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    });

  return { send, authPost, get };
}

/** The `name=value; ...` Cookie header a browser would send after this response. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return (response.cookies as { name: string; value: string; maxAge?: number }[])
    .filter((cookie) => cookie.value !== '' && cookie.maxAge !== 0)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/** The API error body `{ error: { code, message, details? } }`, asserting its shape on the way. */
export function errorOf(response: LightMyRequestResponse): { code: string; message: string; details?: unknown } {
  const body = response.json() as { error?: { code?: unknown; message?: unknown; details?: unknown } };
  if (!body.error || typeof body.error.code !== 'string' || typeof body.error.message !== 'string') {
    throw new Error(`not an API error body (${response.statusCode}): ${response.body}`);
  }
  const keys = Object.keys(body).concat(Object.keys(body.error));
  if (keys.some((key) => !['error', 'code', 'message', 'details'].includes(key))) {
    throw new Error(`unexpected keys in an API error body: ${response.body}`);
  }
  return body.error as { code: string; message: string; details?: unknown };
}

/** The answer is the API error `code`, with `status` and its English text (the one catalogue's). */
export function expectError(response: LightMyRequestResponse, status: number, code: keyof typeof enErrors): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response)).toEqual({ code, message: enErrors[code] });
}

/**
 * The whole app against a database of its own, cloned from the migrated template. Call it once
 * per test file (in beforeAll) and `close()` it in afterAll; a file that needs another
 * configuration (say a low rate limit) may build a second one, with a second database.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'pushSender' | 'resolvePushHost' | 'delivery' | 'sweep'> & {
    webDistDir?: string;
    /** Send email as the product does (SMTP_URL in `overrides`), not into `mails`. */
    realMail?: boolean;
    /** Keep the app's log lines here (at LOG_LEVEL, `info` unless overridden), rather than log nothing. */
    logLines?: string[];
  } = {},
) {
  const adminUrl = inject('testDbAdminUrl');
  const databaseName = `${inject('testDbPrefix')}_${randomBytes(4).toString('hex')}`;
  const url = await createDatabaseFromTemplate(adminUrl, databaseName, inject('testDbTemplate'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aylal-test-data-'));

  let db: Db | undefined;
  try {
    const config: Config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      PUBLIC_URL: ORIGIN,
      ADMIN_EMAILS: ADMIN_EMAIL,
      AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      // Every request of a test comes from one address; tests of the limit itself lower it.
      AUTH_RATE_LIMIT: '10000',
      LOG_LEVEL: options.logLines ? 'info' : 'silent',
      ...overrides,
    });
    db = createDb(url, 5);
    const mails: Mail[] = [];
    const mailer: Mailer = {
      async send(mail) {
        // As a real mail server answers: nothing reaches a domain that cannot exist (RFC 2606).
        if (/\.invalid$/i.test(mail.to)) throw new Error(`550 5.1.2 no such domain: ${mail.to.split('@')[1]}`);
        mails.push(mail);
      },
    };
    const app = await buildApp({
      config,
      db,
      mailer: options.realMail ? undefined : mailer,
      pushSender: options.pushSender,
      resolvePushHost: options.resolvePushHost,
      delivery: options.delivery,
      // Swept when a test asks (`app.privacySweep.runOnce(day)`), not behind its back.
      sweep: { start: false, ...options.sweep },
      webDistDir: options.webDistDir ?? null,
      logger: Boolean(options.logLines),
      logStream: options.logLines ? { write: (line) => void options.logLines!.push(line) } : undefined,
    });
    await app.ready();

    const { send, authPost, get } = requestsTo(app);

    /**
     * Opens the address-verification link last mailed to `email` (read from the outbox, as its
     * owner reads the mail) and checks it landed on the verified page; the answer to the link.
     */
    const verifyEmail = async (email: string) => {
      const link = await queuedLink(db!, 'verification', email);
      if (!link) throw new Error(`no verification email to ${email}`);
      const response = await get(link.pathname + link.search);
      const landing = new URL(String(response.headers.location ?? ''), ORIGIN);
      if (response.statusCode !== 302 || landing.pathname !== '/verify-email' || landing.searchParams.has('error'))
        throw new Error(`verifying ${email} failed: ${response.statusCode} ${landing.toString()}`);
      return response;
    };

    const adminEmails = new Set(config.ADMIN_EMAILS);
    /**
     * Signs up (and so in). An address in ADMIN_EMAILS is then verified through the link it was
     * mailed, which is what makes it an admin (decision 022); `verify` says otherwise either way.
     */
    const signUp = async (
      email: string,
      password = DEFAULT_PASSWORD,
      name = 'Test User',
      { verify = adminEmails.has(email.trim().toLowerCase()) }: { verify?: boolean } = {},
    ) => {
      const response = await authPost('/sign-up/email', { email, password, name });
      if (response.statusCode !== 200)
        throw new Error(`sign-up of ${email} failed: ${response.statusCode} ${response.body}`);
      if (verify) await verifyEmail(email);
      return cookieHeader(response);
    };

    const signIn = async (email: string, password = DEFAULT_PASSWORD) => {
      const response = await authPost('/sign-in/email', { email, password });
      if (response.statusCode !== 200)
        throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
      return cookieHeader(response);
    };

    const close = async () => {
      await app.close();
      await db!.$client.end();
      await dropDatabase(adminUrl, databaseName);
      rmSync(dataDir, { recursive: true, force: true });
    };

    return { app, db, config, mails, send, authPost, signUp, signIn, verifyEmail, get, close };
  } catch (error) {
    await db?.$client.end().catch(() => undefined);
    await dropDatabase(adminUrl, databaseName).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The test app of a file or `describe` block: built before its tests (`createTestApp(...args)`)
 * and closed after them, once the block's own afterAll hooks have run. Its fields are read inside
 * hooks and tests only; before the app is built, reading one throws.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(...args);
  });
  afterAll(async () => {
    await built?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, field) {
      if (!built) throw new Error('the test app is built in beforeAll: use it inside hooks and tests');
      return built[field as keyof TestApp];
    },
  });
}

/** An account a test signs up: its email, or its email with the name (and password) it signs up with. */
export type TestAccount = string | { email: string; name?: string; password?: string };

/**
 * The accounts a file's or `describe` block's tests act as, signed up (in this order) before its
 * tests, once the app is built: each field is that account's Cookie header. Call it after
 * `useTestApp`; its fields are read inside hooks and tests only.
 */
export function useAccounts<Name extends string>(
  t: TestApp,
  accounts: Record<Name, TestAccount>,
): Record<Name, string> {
  const cookies = {} as Record<Name, string>;
  beforeAll(async () => {
    for (const [name, account] of Object.entries<TestAccount>(accounts)) {
      const { email, name: fullName, password } = typeof account === 'string' ? { email: account } : account;
      cookies[name as Name] = await t.signUp(email, password, fullName);
    }
  });
  return new Proxy(cookies, {
    get(target, name) {
      if (!(name in target))
        throw new Error(`the account ${String(name)} is signed up in beforeAll: use it inside hooks and tests`);
      return target[name as Name];
    },
  });
}

/** Every session signed in (and last confirmed) `minutes` ago: the clock moved on. */
export async function ageSessions(t: TestApp, minutes: number) {
  await t.db.execute(
    sql`update sessions set created_at = now() - make_interval(mins => ${minutes}), confirmed_at = null`,
  );
}

/** A multipart/form-data body (fields and at most one file) as a browser sends an upload. */
export function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----aylal${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Another process on the test app's database: a second app instance with the same configuration
 * (its own caches and LISTEN connection). Close it in afterAll before `t.close()`.
 */
export async function buildOtherProcess(t: TestApp): Promise<FastifyInstance> {
  const other = await buildApp({
    config: t.config,
    db: t.db,
    mailer: { send: async () => {} },
    webDistDir: null,
    logger: false,
  });
  await other.ready();
  return other;
}

/**
 * Reads until `done` holds or `timeoutMs` pass (a NOTIFY takes a moment to reach a process);
 * answers the last reading, for the test's expectation to show.
 */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!done(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await read();
  }
  return last;
}
