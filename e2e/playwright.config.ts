/**
 * End-to-end tests: `npm run test:e2e` from the repository root (or `npx playwright test -c e2e/playwright.config.ts`).
 * Starts, in this order, the local OpenID provider ("Local Google"), the local QPay, an SMTP sink per worker and a
 * product (`npm start`) per worker, each on a fresh DATA_DIR under e2e/.tmp; stops them afterwards.
 * Tags: @phone runs on both projects, @phone-only only on the phone one, anything else desktop only.
 * @phone is for what a phone's layout changes (folded filters, a bottom bar, the slide-in menu, what
 * must stay in view); a test of logic alone (routes, searches, server answers, emails) runs once,
 * on the desktop: the phone run would repeat the same requests at twice the cost.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import {
  ADMIN_EMAILS,
  appPort,
  BASE_URL,
  baseUrl,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  OIDC_ISSUER,
  OIDC_PORT,
  QPAY_PORT,
  QPAY_URL,
  smtpSinkHttpUrl,
  STRIPE_PORT,
  STRIPE_URL,
  smtpSinkPort,
} from './support/constants.ts';
import { laneDataDir, runDataDir } from './support/lanes.ts';
import { FAKE_QPAY_CLIENT } from '../server/src/bench/fake-qpay.ts';
import { FAKE_STRIPE } from '../server/src/bench/fake-stripe.ts';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(e2eDir, '..');
const tmpDir = path.join(e2eDir, '.tmp');

// One id per run: the runner sets it, the workers it forks inherit it through the environment.
process.env.E2E_RUN_ID ??= `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${process.pid}`;

/**
 * Two workers, each on a lane of its own (e2e/support/constants.ts): a product with its own
 * database and an SMTP sink each, so no test sees another worker's data. E2E_WORKERS=1 runs
 * everything on one lane, in order.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const lanes = Array.from({ length: workers }, (_, lane) => lane);

// As root the embedded PostgreSQL runs as the "postgres" user, which must be able to reach DATA_DIR.
for (const lane of lanes) mkdirSync(laneDataDir(lane), { recursive: true });
for (const dir of [tmpDir, runDataDir(), ...lanes.map((lane) => laneDataDir(lane))]) chmodSync(dir, 0o755);

const tsx = (script: string) =>
  `node ${JSON.stringify(path.join(repoDir, 'node_modules', 'tsx', 'dist', 'cli.mjs'))} ${script}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  testIgnore: ['**/node_modules/**', '**/.tmp/**'],
  workers,
  // A file's tests run in order, in one worker (some build on what the one before did).
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // Catches hangs, not slowness: the longest journeys take about 20 s here and half again on a
  // loaded CI machine (one went over 30 s).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      // Tagged @phone or @phone-only.
      grep: /@phone/,
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
  ],
  webServer: [
    {
      // Must be up before the products start: Better Auth reads the discovery document once, at start.
      name: 'oidc',
      command: tsx('support/oidc-provider.ts'),
      cwd: e2eDir,
      url: `${OIDC_ISSUER}/health`,
      env: { OIDC_PORT: String(OIDC_PORT), OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'payment providers',
      command: tsx('support/fake-providers.ts'),
      cwd: e2eDir,
      url: `${QPAY_URL}/health`,
      env: { E2E_QPAY_PORT: String(QPAY_PORT), E2E_STRIPE_PORT: String(STRIPE_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    ...lanes.map((lane) => ({
      name: lanes.length > 1 ? `smtp-sink-${lane}` : 'smtp-sink',
      command: tsx('support/smtp-sink.ts'),
      cwd: e2eDir,
      url: `${smtpSinkHttpUrl(lane)}/health`,
      env: { SMTP_SINK_PORT: String(smtpSinkPort(lane)), SMTP_SINK_HTTP_PORT: new URL(smtpSinkHttpUrl(lane)).port },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    })),
    // Lane 0's product is waited for here (its start builds the web app when the build is stale).
    // The others are only launched: each starts while the first tests run, and a worker waits for
    // its lane's product before its first test (the `lane` fixture in fixtures.ts).
    ...lanes.map((lane) => ({
      name: lanes.length > 1 ? `aylal-${lane}` : 'aylal',
      command: 'npm start',
      cwd: repoDir,
      ...(lane === 0 ? { url: `${baseUrl(lane)}/api/health` } : {}),
      env: {
        PORT: String(appPort(lane)),
        PUBLIC_URL: baseUrl(lane),
        DATA_DIR: laneDataDir(lane),
        SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort(lane)}`,
        ADMIN_EMAILS: ADMIN_EMAILS.join(','),
        AUTH_RATE_LIMIT: '1000',
        GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
        GOOGLE_ISSUER: OIDC_ISSUER,
        QPAY_URL,
        QPAY_CLIENT_ID: FAKE_QPAY_CLIENT.clientId,
        QPAY_CLIENT_SECRET: FAKE_QPAY_CLIENT.clientSecret,
        QPAY_INVOICE_CODE: FAKE_QPAY_CLIENT.invoiceCode,
        STRIPE_API_URL: STRIPE_URL,
        STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      },
      // The first start builds the web app.
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      // SIGINT lets the server stop the embedded PostgreSQL cleanly.
      gracefulShutdown: { signal: 'SIGINT' as const, timeout: 20_000 },
    })),
  ],
});
