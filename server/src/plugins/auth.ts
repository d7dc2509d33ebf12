// Better Auth in the app, one job a file under auth/: `config.ts` (createAuth: Better Auth's
// options), `policies.ts` (the hooks that hold its endpoints to the product's rules),
// `bridge.ts` (mounts it at /api/auth/* and answers in the product's shape, with
// `web-request.ts`, `served-paths.ts` and `session-hint.ts`), `error-codes.ts` (its codes as the
// product's) and `openapi.ts` (its description for /api/docs). This file is what the rest of the
// server imports.

export { createAuth, trustedOrigins, type Auth, type AuthOptions } from './auth/config.ts';
export { authRoutes } from './auth/bridge.ts';
export { translateAuthError } from './auth/error-codes.ts';
export { describeAuthRoutes } from './auth/openapi.ts';
export { SESSION_HINT_COOKIE } from './auth/session-hint.ts';
