/** Addresses and fixed credentials shared by the Playwright config, the fixtures and the specs. */
/**
 * The run has one lane per Playwright worker, each with a product (its own embedded database) and
 * an SMTP sink of its own, so tests in two workers never see each other's data or mail (the admin
 * account, the settings, the staff feed, counts). A worker's lane is its TEST_PARALLEL_INDEX (kept
 * when a worker is replaced after a failure); the runner itself, which starts them, is lane 0.
 */
export const LANE = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** Ports of lane n are lane 0's plus n * LANE_PORT_STEP. */
export const LANE_PORT_STEP = 5;
const lanePort = (variable: string | undefined, fallback: number, lane = LANE) =>
  Number(variable ?? fallback) + lane * LANE_PORT_STEP;

/** E2E_APP_PORT moves the product under test (lane 0's) off 3100 when something else holds it. */
export const appPort = (lane = LANE) => lanePort(process.env.E2E_APP_PORT, 3100, lane);
export const APP_PORT = appPort();
/** localhost, not 127.0.0.1: PUBLIC_URL (and so the cookies and Better Auth's origin check) uses it. */
export const baseUrl = (lane = LANE) => `http://localhost:${appPort(lane)}`;
export const BASE_URL = baseUrl();

/**
 * E2E_SMTP_PORT and E2E_OIDC_PORT move the sinks too, so two checkouts can run their end-to-end
 * tests at once. The SMTP sink answers HTTP on the port after its SMTP one.
 */
export const smtpSinkPort = (lane = LANE) => lanePort(process.env.E2E_SMTP_PORT, 2525, lane);
export const SMTP_SINK_PORT = smtpSinkPort();
export const smtpSinkHttpUrl = (lane = LANE) => `http://127.0.0.1:${smtpSinkPort(lane) + 1}`;
export const SMTP_SINK_HTTP_URL = smtpSinkHttpUrl();

/** One local OpenID provider serves every lane: it keeps nothing but short-lived codes and tokens. */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4011);
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
/** The local QPay every lane's product pays through (support/fake-qpay.ts); E2E_QPAY_PORT moves it. */
export const QPAY_PORT = Number(process.env.E2E_QPAY_PORT ?? 4021);
export const QPAY_URL = `http://127.0.0.1:${QPAY_PORT}`;
/** The local Stripe (support/fake-providers.ts) beside it; E2E_STRIPE_PORT moves it. */
export const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 4022);
export const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;
export const OIDC_CLIENT_ID = 'e2e-client';
export const OIDC_CLIENT_SECRET = 'e2e-secret';

/** In ADMIN_EMAILS: its first sign-up, verified through the emailed link, makes it an admin (decision 022). */
export const ADMIN_EMAIL = 'admin@example.com';
/** In ADMIN_EMAILS too, and used only by the test of becoming staff by the link. */
export const STAFF_EMAIL = 'staff@example.com';
export const ADMIN_EMAILS = [ADMIN_EMAIL, STAFF_EMAIL];
/** The subject of the address-verification email in English. */
export const VERIFICATION_SUBJECT = 'Confirm your email address for Aylal';
export const ADMIN_PASSWORD = 'Admin-e2e-password-1';
export const ADMIN_NAME = 'E2E Admin';

/** The accounts offered by the "Local Google" page (e2e/support/oidc-provider.ts). */
export const GOOGLE_ACCOUNTS = {
  gabi: { button: 'Continue as Gabi Google', email: 'gabi.google@example.com', name: 'Gabi Google' },
  nora: { button: 'Continue as Nora New', email: 'nora.new@example.com', name: 'Nora New' },
  noEmail: { button: 'Continue without email', name: 'No Email' },
} as const;
