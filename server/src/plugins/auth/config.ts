import type { FastifyBaseLogger } from 'fastify';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, genericOAuth, magicLink, openAPI } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@aylal/shared/schemas/auth';
import { pickLanguage } from '@aylal/shared/i18n';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/auth.ts';
import { enqueueEmail } from '../../delivery/outbox.ts';
import { logError } from '../../lib/log-errors.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import { claimContactMessages } from '../../modules/contact/index.ts';
import { safePicture } from '../account-picture.ts';
import { RESET_MAILS, SIGN_IN_FAILURES, clearAttempts, takeAttempt } from '../auth-attempts.ts';
import { reportingUnavailable, rethrowUnavailable } from '../auth-database.ts';
import { emailVerificationOptions, signInLinkOptions } from '../email-links.ts';
import { secondFactorPlugins, secondFactorTables } from '../second-factor.ts';
import { trustedBrowsersPlugin } from '../sign-in-lockout.ts';
import { ConfiguredStaff } from '../staff-role.ts';
import { authHooks, normalizeEmail, withSafePicture } from './policies.ts';
import { CLIENT_IP_HEADER } from './web-request.ts';

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
    hooks: authHooks(db, device),
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
