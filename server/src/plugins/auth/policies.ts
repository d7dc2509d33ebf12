// What the product holds Better Auth's endpoints to, beyond Better Auth's own checks: the hooks run
// before and after each auth request (createAuth passes them as its `hooks`).

import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { SignUpRequestSchema } from '@aylal/shared/schemas/auth';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import { isSafePictureUrl } from '../account-picture.ts';
import type { DeviceCookieOptions } from '../device-cookie.ts';
import { landSignInLinkHere } from '../email-links.ts';
import { readSessionToken, type SessionCookieKey } from '../session-cookie.ts';
import { withoutSessionTokens } from '../session-tokens.ts';
import { guardSignIn, settleSignIn } from '../sign-in-lockout.ts';

const NameSchema = SignUpRequestSchema.shape.name;
/** What /update-user may change: the name, within the sign-up rule, and nothing else. */
const UpdateUserSchema = z.strictObject({ name: NameSchema });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function normalizeEmail(email: string): string {
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
export function withSafePicture<T extends Record<string, unknown>>(data: T): T {
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

/**
 * The hooks around every auth request: the checks above by path before Better Auth answers, and
 * after it, the sign-in's lockout bookkeeping and no session token in any JSON answer.
 */
export function authHooks(db: Db, device: DeviceCookieOptions) {
  return {
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
  };
}
