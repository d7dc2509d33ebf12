import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, genericOAuth, magicLink, openAPI } from 'better-auth/plugins';
import { and, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SignUpRequestSchema } from '@aylal/shared/schemas/auth';
import { ERROR_STATUS, type ErrorCode } from '@aylal/shared/errors';
import { pickLanguage } from '@aylal/shared/i18n';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth.ts';
import { enqueueEmail } from '../delivery/outbox.ts';
import { passwordResetMail } from '../mail/templates.ts';
import { RESET_MAILS, SIGN_IN_FAILURES, clearAttempts, takeAttempt } from './auth-attempts.ts';
import { isSafePictureUrl, safePicture } from './account-picture.ts';
import { emailVerificationOptions, landSignInLinkHere, signInLinkOptions } from './email-links.ts';
import { guardSignIn, settleSignIn, trustedBrowsersPlugin } from './sign-in-lockout.ts';
import { withoutSessionTokens } from './session-tokens.ts';
import { ConfiguredStaff } from './staff-role.ts';
import { reportingUnavailable, rethrowUnavailable } from './auth-database.ts';
import { sendError } from './errors.ts';
import { logError } from '../lib/log-errors.ts';
import { SECOND_FACTOR_ERROR_CODES, secondFactorPlugins, secondFactorTables } from './second-factor.ts';
import { readSessionToken, type SessionCookieKey } from './session-cookie.ts';
import { claimContactMessages } from '../modules/contact/service.ts';

/** The header the Fastify bridge sets from `request.ip`; clients cannot supply it. */
const CLIENT_IP_HEADER = 'x-aylal-client-ip';

export interface AuthOptions {
  config: Config;
  db: Db;
  /** Where Better Auth's own warnings and errors go: the app's log (an error's stack as a field, never raw lines). */
  log?: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
}

/**
 * The origins the product's pages are served from: PUBLIC_URL only in production; in development
 * and tests the loopback names on PORT too. Better Auth and the same-origin check share them.
 */
export function trustedOrigins(config: Config): string[] {
  if (config.isProduction) return [config.PUBLIC_URL];
  return [...new Set([config.PUBLIC_URL, `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`])];
}

const NameSchema = SignUpRequestSchema.shape.name;
/** What /update-user may change: the name, within the sign-up rule, and nothing else. */
const UpdateUserSchema = z.strictObject({ name: NameSchema });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function emailOf(body: unknown): string {
  const email = isPlainObject(body) ? body.email : undefined;
  return typeof email === 'string' ? normalizeEmail(email) : '';
}

/** Better Auth's own validation error, which the bridge answers as 400 VALIDATION_FAILED. */
function validationFailed(): APIError {
  return new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: 'Invalid request body' });
}

/**
 * The spec tells an unknown address apart from a wrong password, at sign-in and at reset
 * (docs/decisions/004-sign-in-messages.md); the rate limits keep guessing slow. Returns the
 * address when it is an account's.
 */
async function refuseUnknownAddress(db: Db, body: unknown, code: string): Promise<string | null> {
  const email = emailOf(body);
  if (!email) return null;
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (!found) throw new APIError('NOT_FOUND', { code, message: 'No account found with this email.' });
  return email;
}

/**
 * Sign-up holds the name to the shared rule (trimmed, 1 to 100 characters), as the web form does,
 * and takes a picture only at an https address (decision 022).
 */
function cleanSignUp(body: unknown) {
  if (!isPlainObject(body)) return;
  const name = NameSchema.safeParse(body.name);
  if (!name.success) throw validationFailed();
  if (body.image !== undefined && !isSafePictureUrl(body.image)) throw validationFailed();
  return { context: { body: { name: name.data } } };
}

/** Whatever path writes an account's picture (Google's profile, a plugin), an unsafe one is not kept. */
function withSafePicture<T extends Record<string, unknown>>(data: T): T {
  return 'image' in data && data.image != null && !isSafePictureUrl(data.image) ? { ...data, image: null } : data;
}

/** Better Auth stores whatever /update-user is given ({}, 0, true, "" as a name, any field): only a real name passes. */
function allowOnlyName(body: unknown) {
  const parsed = UpdateUserSchema.safeParse(body);
  if (!parsed.success) throw validationFailed();
  return { context: { body: parsed.data } };
}

/** A new password ends every other session of the account, whether or not the client asks. */
function revokeOtherSessionsAlways(body: unknown) {
  if (!isPlainObject(body)) return;
  return { context: { body: { revokeOtherSessions: true } } };
}

/**
 * Better Auth answers 200 to revoking another account's session (and leaves it alone): answer 404,
 * as for anything else that is not the caller's. A caller without a live session is left to the
 * endpoint's 401.
 */
async function refuseForeignSession(
  db: Db,
  body: unknown,
  headers: Headers | undefined,
  key: SessionCookieKey,
): Promise<void> {
  const token = isPlainObject(body) ? body.token : undefined;
  if (typeof token !== 'string') return;
  const own = readSessionToken(headers?.get('cookie') ?? undefined, key);
  if (!own) return;
  const target = alias(sessions, 'target');
  const [row] = await db
    .select({ caller: sessions.userId, owner: target.userId })
    .from(sessions)
    .leftJoin(target, eq(target.token, token))
    .where(and(eq(sessions.token, own), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (row && row.owner !== row.caller) {
    throw new APIError('NOT_FOUND', { code: 'SESSION_NOT_FOUND', message: 'Session not found' });
  }
}

export function createAuth({ config, db, log }: AuthOptions) {
  const staff = new ConfiguredStaff(db, config.ADMIN_EMAILS);
  // Device cookies (decision 022) are signed with a key derived from the auth secret.
  const device = { secret: config.AUTH_SECRET, secure: config.isProduction };

  return betterAuth({
    appName: 'Aylal',
    // Better Auth's own lines (a background task that failed while the database was away, say)
    // join the app's log as JSON, errors through logError: no query parameters, no raw stack.
    ...(log
      ? {
          logger: {
            level: 'warn' as const,
            log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) =>
              log[level]({ details: args.map(logError) }, `Better Auth: ${message}`),
          },
        }
      : {}),
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: trustedOrigins(config),
    // While the database is away, auth routes and session reads answer 503, like every other route.
    database: reportingUnavailable(
      drizzleAdapter(db, {
        provider: 'pg',
        schema: {
          user: users,
          session: sessions,
          account: accounts,
          verification: verifications,
          rateLimit: rateLimits,
          ...secondFactorTables,
        },
      }),
    ),
    onAPIError: { onError: rethrowUnavailable },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The caller gets the same answer either way: a fourth mail within the hour is just not sent.
      sendResetPassword: async ({ user, url }, request) => {
        if (!(await takeAttempt(db, RESET_MAILS, normalizeEmail(user.email))).taken) return;
        const language = pickLanguage(request?.headers.get('accept-language'));
        // Queued like every email (decision 014): the delivery worker sends it and retries it.
        await enqueueEmail(db, passwordResetMail(user.email, user.name, url, language));
      },
      // Whoever could reset the password owns the account: its failed sign-ins no longer count.
      onPasswordReset: async ({ user }) => {
        await clearAttempts(db, SIGN_IN_FAILURES, normalizeEmail(user.email));
      },
    },
    // Every new account is sent a link to verify its address (decision 022).
    emailVerification: emailVerificationOptions(config, db),
    user: {
      additionalFields: {
        phoneNumber: { type: 'string', required: false, input: false },
        hasCV: { type: 'boolean', required: false, defaultValue: false, input: false },
        hasVisa: { type: 'boolean', required: false, defaultValue: false, input: false },
        hasProfile: { type: 'boolean', required: false, defaultValue: false, input: false },
        lastLoginAt: { type: 'date', required: false, input: false },
        language: { type: 'string', required: false, defaultValue: 'en', input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a session signed out, reset or revoked must end on every route at once.
      cookieCache: { enabled: false },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account starts as a user: ADMIN_EMAILS promotes verified addresses only (below;
          // a Google account Google verified is promoted by the sign-in that creates it).
          // Their emails and pushes are in the language they signed up in until a profile says otherwise.
          before: async (user, context) => ({
            data: {
              ...withSafePicture(user),
              role: 'user',
              language: pickLanguage(context?.headers?.get('accept-language')),
            },
          }),
        },
        update: {
          before: async (data) => ({ data: withSafePicture(data) }),
          // The moment an address becomes verified (the emailed link, a sign-in link, Google).
          after: async (user) => {
            if (staff.mayGrant(user)) await staff.grant(user.id);
            // Messages sent from this address without an account become its own (issue 23).
            if (user.emailVerified === true) await claimContactMessages(db, user.id);
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, session.userId));
            // At every sign-in: an address added to ADMIN_EMAILS after it was verified.
            await staff.grant(session.userId);
            // And messages sent signed out since (or before an account Google verified at sign-up).
            await claimContactMessages(db, session.userId);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        switch (ctx.path) {
          case '/sign-in/email':
            return guardSignIn(db, device, ctx.body, ctx.headers?.get('cookie'));
          case '/sign-in/magic-link':
            return landSignInLinkHere(ctx.body);
          case '/request-password-reset':
            await refuseUnknownAddress(db, ctx.body, 'RESET_USER_NOT_FOUND');
            return;
          case '/sign-up/email':
            return cleanSignUp(ctx.body);
          case '/update-user':
            return allowOnlyName(ctx.body);
          case '/change-password':
            return revokeOtherSessionsAlways(ctx.body);
          case '/revoke-session':
            return refuseForeignSession(db, ctx.body, ctx.headers, {
              name: ctx.context.authCookies.sessionToken.name,
              secret: ctx.context.secret,
            });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email') {
          await settleSignIn(db, device, ctx.body, ctx.headers?.get('cookie'), ctx.context.returned);
        }
        // Decision 022: no token reaches scripts (the browser is trusted by trustedBrowsersPlugin).
        const answer = withoutSessionTokens(ctx.context.returned, ctx.headers?.get('cookie'), {
          name: ctx.context.authCookies.sessionToken.name,
          secret: ctx.context.secret,
        });
        if (answer !== undefined) return ctx.json(answer);
      }),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/*': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/sign-up/*': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/change-password': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/change-email': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/request-password-reset': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/reset-password': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/send-verification-email': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/verify-email': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/magic-link/verify': { window: 60, max: config.AUTH_RATE_LIMIT },
        // The plugin's own 3 per 10 s per address; wrong codes are limited per account (decision 023).
        '/two-factor/*': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/passkey/*': { window: 60, max: config.AUTH_RATE_LIMIT },
      },
    },
    advanced: {
      useSecureCookies: config.isProduction,
      cookiePrefix: 'aylal',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
      // Better Auth skips its Origin and callback-URL checks whenever NODE_ENV is "test"; keep
      // them on everywhere so the tests exercise what production does.
      disableOriginCheck: false,
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      // The sign-in link offered to an owner locked out by wrong passwords (decision 022).
      magicLink(signInLinkOptions(db)),
      // Describes /api/auth/* for /api/docs; its own reference page (scripts from a CDN) stays off.
      openAPI({ disableDefaultReference: true }),
      ...(config.googleEnabled
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  discoveryUrl: `${config.GOOGLE_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: config.GOOGLE_CLIENT_ID!,
                  clientSecret: config.GOOGLE_CLIENT_SECRET!,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Verified only when Google says so in so many words; a picture only at an https address.
                  mapProfileToUser: (profile) => ({
                    name: profile.name ?? profile.email ?? '',
                    image: safePicture(profile.picture) ?? undefined,
                    emailVerified: profile.email_verified === true,
                  }),
                },
              ],
            }),
          ]
        : []),
      // The second factor (docs/decisions/023): plugins/second-factor.ts.
      ...secondFactorPlugins({ publicUrl: config.PUBLIC_URL }),
      // Last, so that it sees a sign-in only once its second factor was given (decision 022).
      trustedBrowsersPlugin(device),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Better Auth's error codes, translated into the product's; each answers with the status the one
 * table gives it (`ERROR_STATUS` in shared/src/errors.ts).
 */
const AUTH_ERROR_CODES: Record<string, ErrorCode> = {
  AUTH_USER_NOT_FOUND: 'AUTH_USER_NOT_FOUND',
  RESET_USER_NOT_FOUND: 'RESET_USER_NOT_FOUND',
  INVALID_EMAIL_OR_PASSWORD: 'AUTH_WRONG_PASSWORD',
  INVALID_PASSWORD: 'AUTH_WRONG_PASSWORD',
  INVALID_EMAIL: 'AUTH_INVALID_EMAIL',
  PASSWORD_TOO_SHORT: 'AUTH_PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'AUTH_PASSWORD_TOO_LONG',
  USER_ALREADY_EXISTS: 'AUTH_USER_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'AUTH_USER_EXISTS',
  INVALID_TOKEN: 'RESET_INVALID_TOKEN',
  TOKEN_EXPIRED: 'RESET_INVALID_TOKEN',
  RESET_PASSWORD_DISABLED: 'RESET_DISABLED',
  EMAIL_PASSWORD_DISABLED: 'AUTH_OPERATION_NOT_ALLOWED',
  VALIDATION_ERROR: 'VALIDATION_FAILED',
  MISSING_FIELD: 'VALIDATION_FAILED',
  BODY_MUST_BE_AN_OBJECT: 'VALIDATION_FAILED',
  FIELD_NOT_ALLOWED: 'VALIDATION_FAILED',
  USER_EMAIL_NOT_FOUND: 'AUTH_GOOGLE_EMAIL_NOT_FOUND',
  AUTH_ACCOUNT_LOCKED: 'AUTH_ACCOUNT_LOCKED',
  EMAIL_ALREADY_VERIFIED: 'EMAIL_ALREADY_VERIFIED',
  EMAIL_MISMATCH: 'VALIDATION_FAILED',
  // Malformed JSON or an unsupported Content-Type: the same answer as every other route gives.
  BAD_REQUEST: 'BAD_REQUEST',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  ...SECOND_FACTOR_ERROR_CODES,
};

/**
 * The product's code and status for an error Better Auth answered with: a code it knows takes the
 * table's status; one it does not is AUTH_FAILED (or the plain 401/404 codes) with Better Auth's
 * own status; a failure of Better Auth itself stays a 500 (503 when the database is away).
 */
export function translateAuthError(status: number, authCode: string | undefined): { status: number; code: ErrorCode } {
  if (status === 429)
    return { status, code: authCode === 'AUTH_ACCOUNT_LOCKED' ? 'AUTH_ACCOUNT_LOCKED' : 'RATE_LIMITED' };
  const known = authCode === undefined ? undefined : AUTH_ERROR_CODES[authCode];
  const code = known ?? (status === 401 ? 'UNAUTHENTICATED' : status === 404 ? 'NOT_FOUND' : 'AUTH_FAILED');
  // A code the product knows as the client's (the passkey plugin answers 500 for a response it
  // cannot read) takes the table's status.
  if (status >= 500 && !(known && ERROR_STATUS[known] < 500)) return { status: status === 503 ? 503 : 500, code };
  return { status: known ? ERROR_STATUS[known] : status, code };
}

/** A cookie the web app can read (the session cookie is HttpOnly) to skip /api/me for visitors. */
export const SESSION_HINT_COOKIE = 'aylal_signed_in';

/**
 * Mirrors the session cookie's lifetime in a readable, value-free hint cookie: signed-out
 * visitors then make no session request at all.
 */
function withSessionHint(cookies: string[], secure: boolean): string[] {
  // The last one counts: a sign-in that asks for the second factor sets the cookie, then clears it.
  const session = cookies.findLast((cookie) => /^(__Secure-)?aylal\.session_token=/.test(cookie));
  if (!session) return cookies;
  const value = session.slice(session.indexOf('=') + 1).split(';')[0];
  const maxAge = /Max-Age=(\d+)/i.exec(session)?.[1];
  const cleared = !value || maxAge === '0';
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [
    ...cookies,
    cleared
      ? `${SESSION_HINT_COOKIE}=; Max-Age=0; ${attributes}`
      : `${SESSION_HINT_COOKIE}=1; Max-Age=${maxAge ?? 2592000}; ${attributes}`,
  ];
}

/**
 * Better Auth's routes the product does not serve: the admin plugin's (the plugin stays for its
 * fields and checks), the authenticator key of an account that has one (the set-up answers it once,
 * decision 023), Better Auth's own API description (staff read /api/docs), and the passkey
 * plugin's list, rename and removal: passkeys are listed and removed at /api/account/passkeys (the
 * caller's own, 404 for anyone else's, on a fresh sign-in).
 */
const HIDDEN_PATH =
  /^\/api\/auth\/(admin(\/|$)|two-factor\/get-totp-uri$|open-api(\/|$)|passkey\/(list-user-passkeys|delete-passkey|update-passkey)$)/i;

/**
 * The passkey ceremonies' options make a challenge (a verification row and a cookie): Better Auth
 * serves them as GETs, the product as POSTs, which the same-origin gate covers, so that a page on
 * another site cannot make rows by linking to them; each is passed on to Better Auth as its GET.
 */
const PASSKEY_OPTIONS_PATH = /^\/api\/auth\/passkey\/generate-(register|authenticate)-options$/i;

/** Whether any string (key or value) in parsed JSON holds a NUL, or any value is null; iterative, so deep nesting cannot overflow the stack. */
function hasNulOrNull(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null) return true;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * What Better Auth would turn into a 500: PostgreSQL refuses NUL in text, and a `null` reaches
 * columns that must not be null. Refused here for every auth route alike, as other routes do:
 * malformed JSON is BAD_REQUEST, a NUL anywhere (URL or body) or a null value VALIDATION_FAILED.
 */
function findInputProblem(
  rawUrl: string,
  contentType: string | undefined,
  body: unknown,
): 'BAD_REQUEST' | 'VALIDATION_FAILED' | null {
  if (/%00/.test(rawUrl)) return 'VALIDATION_FAILED';
  if (typeof body !== 'string' || body === '') return null;
  if (body.includes('\u0000')) return 'VALIDATION_FAILED';
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? '')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'BAD_REQUEST';
  }
  return hasNulOrNull(parsed) ? 'VALIDATION_FAILED' : null;
}

function toWebRequest(request: FastifyRequest, url: URL, method = request.method): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key.toLowerCase() === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = method !== 'GET' && method !== 'HEAD' && typeof request.body === 'string';
  return new Request(url, {
    method,
    headers,
    body: hasBody && request.body !== '' ? (request.body as string) : undefined,
  });
}

/**
 * Mounts Better Auth at /api/auth/* in its own scope: bodies pass through as raw strings (Fastify
 * would refuse an empty JSON body before Better Auth sees it), every response header is copied
 * back (several Set-Cookie included), and error bodies take the product's one error shape.
 */
export async function authRoutes(app: FastifyInstance, { auth, config }: { auth: Auth; config: Config }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    schema: { hide: true },
    // Better Auth reads JSON bodies only (plugins/same-origin.ts refuses any other with 415). Any
    // answer may change a session (some links write on a GET); a POST may change an account too
    // (signing up, a name: lib/changes.ts).
    config: { bodies: 'json', changes: ['session'] },
    handler: async (request, reply) => {
      if (request.method === 'POST') request.changed('account');
      const base = `http://${request.headers.host ?? 'localhost'}`;
      if (!URL.canParse(request.url, base)) return sendError(request, reply, 400, 'BAD_REQUEST');
      const url = new URL(request.url, base);
      // The path as the router decoded it (`/%61pi/auth/%73ign-out` is `/api/auth/sign-out`),
      // written again in its one spelling, dot segments resolved: what is checked here is what
      // Better Auth routes (decision 021).
      url.pathname = `/api/auth/${(request.params as { '*': string })['*']}`;
      // Roles and passwords of others change only under /api/admin (docs/decisions): Better Auth's
      // admin routes take any string as a role and let an admin change their own.
      if (HIDDEN_PATH.test(url.pathname)) return sendError(request, reply, 404, 'NOT_FOUND');
      const passkeyOptions = PASSKEY_OPTIONS_PATH.test(url.pathname);
      if (passkeyOptions && request.method !== 'POST') return sendError(request, reply, 404, 'NOT_FOUND');
      const problem = findInputProblem(`${request.url} ${url.href}`, request.headers['content-type'], request.body);
      if (problem) return sendError(request, reply, 400, problem);
      const response = await auth.handler(toWebRequest(request, url, passkeyOptions ? 'GET' : request.method));
      const contentType = response.headers.get('content-type') ?? '';
      // An unknown auth path answers 404 with no body at all: give it the one error shape too.
      if (response.status >= 400 && (contentType.includes('application/json') || response.body === null)) {
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        const { status, code } = translateAuthError(response.status, body.code);
        const isUnavailable = response.status === 503;
        if (response.status >= 500 && !isUnavailable) request.log.error({ authError: body }, 'auth error');
        if (isUnavailable) request.log.warn('database unavailable');
        for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
        const retryAfter = response.headers.get('x-retry-after');
        if (retryAfter) reply.header('retry-after', retryAfter);
        return sendError(request, reply, status, code);
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = withSessionHint(response.headers.getSetCookie(), config.isProduction);
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { tags?: string[] } & Record<string, unknown>>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Better Auth's own description of /api/auth/*, to merge into the API's OpenAPI document. */
export async function describeAuthRoutes(auth: Auth): Promise<OpenApiDocument> {
  const schema = (await auth.api.generateOpenAPISchema()) as unknown as OpenApiDocument;
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [route, operations] of Object.entries(schema.paths ?? {})) {
    // Not served (see authRoutes), so not described.
    if (HIDDEN_PATH.test(`/api/auth${route}`)) continue;
    // The passkey options are asked for with a POST here (see PASSKEY_OPTIONS_PATH).
    const served = (method: string) =>
      PASSKEY_OPTIONS_PATH.test(`/api/auth${route}`) && method === 'get' ? 'post' : method;
    paths[`/api/auth${route}`] = Object.fromEntries(
      Object.entries(operations).map(([method, operation]) => [served(method), { ...operation, tags: ['auth'] }]),
    );
  }
  return { paths, components: schema.components };
}
