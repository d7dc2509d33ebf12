import type { FastifyInstance, FastifyRequest } from 'fastify';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, genericOAuth, openAPI } from 'better-auth/plugins';
import { eq, sql } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@aylal/shared/auth';
import { pickLanguage } from '@aylal/shared/i18n';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail } from '../mail/templates.ts';
import { sendError } from './errors.ts';

/** The header the Fastify bridge sets from `request.ip`; clients cannot supply it. */
const CLIENT_IP_HEADER = 'x-aylal-client-ip';

export interface AuthOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
}

export function createAuth({ config, db, mailer }: AuthOptions) {
  const adminEmails = new Set(config.ADMIN_EMAILS);
  const origins = new Set([config.PUBLIC_URL, `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`]);

  return betterAuth({
    appName: 'Aylal',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: [...origins],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => {
        const language = pickLanguage(request?.headers.get('accept-language'));
        await mailer.send(passwordResetMail(user.email, user.name, url, language));
      },
    },
    user: {
      additionalFields: {
        phoneNumber: { type: 'string', required: false, input: false },
        hasCV: { type: 'boolean', required: false, defaultValue: false, input: false },
        hasVisa: { type: 'boolean', required: false, defaultValue: false, input: false },
        hasProfile: { type: 'boolean', required: false, defaultValue: false, input: false },
        lastLoginAt: { type: 'date', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: true, maxAge: 60 },
    },
    databaseHooks: {
      user: {
        create: {
          // Addresses in ADMIN_EMAILS are admins from their very first sign-in.
          before: async (user) => ({
            data: { ...user, role: adminEmails.has(user.email.toLowerCase()) ? 'admin' : 'user' },
          }),
        },
      },
      session: {
        create: {
          after: async (session) => {
            await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, session.userId));
          },
        },
      },
    },
    hooks: {
      // The spec tells an unknown address apart from a wrong password, at sign-in and at reset
      // (docs/decisions/004-sign-in-messages.md); the rate limit keeps guessing slow.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email' && ctx.path !== '/request-password-reset') return;
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email.trim().toLowerCase() : '';
        if (!email) return;
        const [found] = await db
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${email}`)
          .limit(1);
        if (!found) {
          throw new APIError('NOT_FOUND', {
            code: ctx.path === '/sign-in/email' ? 'AUTH_USER_NOT_FOUND' : 'RESET_USER_NOT_FOUND',
            message: 'No account found with this email.',
          });
        }
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
                  mapProfileToUser: (profile) => ({
                    name: profile.name ?? profile.email ?? '',
                    image: typeof profile.picture === 'string' ? profile.picture : undefined,
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Better Auth's error codes, translated into the product's error catalogue. */
const AUTH_ERROR_CODES: Record<string, string> = {
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
  // Malformed JSON or an unsupported Content-Type: the same answer as every other route gives.
  BAD_REQUEST: 'BAD_REQUEST',
  UNSUPPORTED_MEDIA_TYPE: 'BAD_REQUEST',
};

/** A cookie the web app can read (the session cookie is HttpOnly) to skip /api/me for visitors. */
export const SESSION_HINT_COOKIE = 'aylal_signed_in';

/**
 * Mirrors the session cookie's lifetime in a readable, value-free hint cookie: signed-out
 * visitors then make no session request at all.
 */
function withSessionHint(cookies: string[], secure: boolean): string[] {
  const session = cookies.find((cookie) => /^(__Secure-)?aylal\.session_token=/.test(cookie));
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

function toWebRequest(request: FastifyRequest, url: URL): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key.toLowerCase() === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && typeof request.body === 'string';
  return new Request(url, {
    method: request.method,
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
    handler: async (request, reply) => {
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const response = await auth.handler(toWebRequest(request, url));
      const contentType = response.headers.get('content-type') ?? '';
      // An unknown auth path answers 404 with no body at all: give it the one error shape too.
      if (response.status >= 400 && (contentType.includes('application/json') || response.body === null)) {
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        const code =
          response.status === 429
            ? 'RATE_LIMITED'
            : (AUTH_ERROR_CODES[body.code ?? ''] ??
              (response.status === 401 ? 'UNAUTHENTICATED' : response.status === 404 ? 'NOT_FOUND' : 'AUTH_FAILED'));
        if (response.status >= 500) request.log.error({ authError: body }, 'auth error');
        for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
        const retryAfter = response.headers.get('x-retry-after');
        if (retryAfter) reply.header('retry-after', retryAfter);
        return sendError(request, reply, response.status >= 500 ? 500 : response.status, code);
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
    paths[`/api/auth${route}`] = Object.fromEntries(
      Object.entries(operations).map(([method, operation]) => [method, { ...operation, tags: ['auth'] }]),
    );
  }
  return { paths, components: schema.components };
}
