import { and, desc, inArray, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { Language } from '@aylal/shared/i18n';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { outbox } from '../db/schema/mail.ts';
import { enqueueEmail } from '../delivery/outbox.ts';
import {
  EMAIL_VERIFICATION_SUBJECTS,
  SIGN_IN_LINK_SUBJECTS,
  emailVerificationMail,
  signInLinkMail,
} from '../mail/templates.ts';
import { SIGN_IN_LINK_MAILS, VERIFY_MAILS, takeAttempt } from './auth-attempts.ts';

/**
 * The two emailed links of decision 022, both queued through the outbox (decision 014) in the
 * recipient's language and limited per recipient like reset mails:
 * - the address check every new account is sent (Better Auth's `emailVerification`), landing on
 *   the web's /verify-email page, which says it worked or that the link expired (with a new one);
 * - the sign-in link a locked-out owner asks for (Better Auth's magicLink plugin): it works once,
 *   for 15 minutes, and only for an existing account.
 */

/** How long an address-verification link works. */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;
/** How long a sign-in link works (once). */
export const SIGN_IN_LINK_SECONDS = 15 * 60;

/** The web page a verification link lands on; Better Auth adds `error=` when it fails. */
export const VERIFIED_PAGE = '/verify-email?verified=1';
/** Where a sign-in link lands: the page the web greets a returning sign-in on, or says it failed. */
export const SIGN_IN_LINK_LANDING = { callbackURL: '/?authSuccess=link', errorCallbackURL: '/?authError=link' };

function languageOf(user: { language?: unknown }): Language {
  return user.language === 'mn' ? 'mn' : 'en';
}

interface LinkUser {
  email: string;
  name: string;
  language?: unknown;
}

/** Better Auth's `emailVerification` options: the link, its mail, its limit. */
export function emailVerificationOptions(config: Config, db: Db) {
  return {
    sendOnSignUp: true,
    autoSignInAfterVerification: false,
    expiresIn: VERIFY_LINK_SECONDS,
    /**
     * The link always leads to our own page, whatever `callbackURL` a client sent. Asked for again
     * past the limit, the caller hears 429; at sign-up the mail is just not sent (the account is made).
     */
    sendVerificationEmail: async ({ user, token }: { user: LinkUser; token: string }, request?: Request) => {
      const attempt = await takeAttempt(db, VERIFY_MAILS, user.email.trim().toLowerCase());
      if (!attempt.taken) {
        const askedAgain = request ? new URL(request.url).pathname.endsWith('/send-verification-email') : false;
        if (!askedAgain) return;
        throw new APIError(
          'TOO_MANY_REQUESTS',
          { code: 'VERIFY_MAIL_LIMIT', message: 'Too many verification emails for this address' },
          { 'x-retry-after': String(attempt.retryAfterSeconds) },
        );
      }
      const landing = `${config.PUBLIC_URL}${VERIFIED_PAGE}`;
      const url = `${config.PUBLIC_URL}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(landing)}`;
      await enqueueEmail(db, emailVerificationMail(user.email, user.name, url, languageOf(user)));
    },
  };
}

/** The magicLink plugin's options: no sign-up through it, hashed tokens, one mail per ask within the limit. */
export function signInLinkOptions(db: Db) {
  return {
    expiresIn: SIGN_IN_LINK_SECONDS,
    disableSignUp: true,
    storeToken: 'hashed' as const,
    /** Unknown addresses and asks past the limit get the same answer and no mail. */
    sendMagicLink: async ({ email, url }: { email: string; url: string }) => {
      const address = email.trim().toLowerCase();
      const [user] = await db
        .select({ email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(sql`lower(${users.email}) = ${address}`)
        .limit(1);
      if (!user) return;
      if (!(await takeAttempt(db, SIGN_IN_LINK_MAILS, address)).taken) return;
      await enqueueEmail(db, signInLinkMail(user.email, user.name, url, languageOf(user)));
    },
  };
}

/** Before `/sign-in/magic-link`: the link lands where the web expects it, whatever the client sent. */
export function landSignInLinkHere(body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  return { context: { body: { ...SIGN_IN_LINK_LANDING } } };
}

/**
 * The link in the newest mail of this kind queued for an address, as its owner would read it in the
 * mail: for tests and the benchmark, which verify staff addresses the real way.
 */
export async function queuedLink(db: Db, kind: 'verification' | 'sign-in', to: string): Promise<URL | null> {
  const subjects = kind === 'verification' ? EMAIL_VERIFICATION_SUBJECTS : SIGN_IN_LINK_SUBJECTS;
  const [row] = await db
    .select({ text: outbox.text })
    .from(outbox)
    .where(and(sql`lower(${outbox.to}) = ${to.trim().toLowerCase()}`, inArray(outbox.subject, [...subjects])))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const link = row?.text.match(/https?:\/\/\S+/)?.[0];
  return link ? new URL(link) : null;
}
