/** Addresses and fixed credentials shared by the Playwright config, the fixtures and the specs. */
/** E2E_APP_PORT moves the product under test off 3100 when something else holds it. */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
/** localhost, not 127.0.0.1: PUBLIC_URL (and so the cookies and Better Auth's origin check) uses it. */
export const BASE_URL = `http://localhost:${APP_PORT}`;

/** E2E_SMTP_PORT and E2E_OIDC_PORT move the sinks too, so two checkouts can run their end-to-end tests at once. */
export const SMTP_SINK_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
export const SMTP_SINK_HTTP_URL = `http://127.0.0.1:${SMTP_SINK_PORT + 1}`;

export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4011);
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
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
