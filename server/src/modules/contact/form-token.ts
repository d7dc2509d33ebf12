// The contact form's start time, issued and checked by the server (docs/decisions/025): the form
// asks for a token when it opens (GET /api/contact/form-token) and sends it back with the message.
// The token is the moment it was issued, signed with HMAC-SHA256 under a key derived from
// AUTH_SECRET for this use alone, so a client can neither choose its start time nor forge one.
// A token is not single-use (nothing is stored): the per-address and per-email limits bound what
// one token can send.

import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONTACT_FORM_TOKEN_MAX_AGE_MS, CONTACT_MIN_FILL_MS } from '@aylal/shared/contact-rules';
import type { ErrorCode } from '@aylal/shared/errors';

const VERSION = 'c1';

/** The token's own key: AUTH_SECRET through HKDF with this use's label, never the secret itself. */
function tokenKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'aylal', 'contact-form-token', 32));
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', tokenKey(secret)).update(payload).digest('base64url');

/** A token saying the form was opened at `now`: `c1.<ms, base 36>.<nonce>.<mac>`. */
export function issueContactFormToken(secret: string, now = Date.now()): string {
  const payload = `${VERSION}.${now.toString(36)}.${randomBytes(9).toString('base64url')}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The refusals of the token's check. */
export type FormTokenProblem = Extract<
  ErrorCode,
  'CONTACT_FORM_INVALID' | 'CONTACT_SENT_TOO_FAST' | 'CONTACT_FORM_EXPIRED'
>;

/**
 * Why a token does not let a message through, or null when it does: missing, malformed or forged
 * (CONTACT_FORM_INVALID), issued less than CONTACT_MIN_FILL_MS ago (CONTACT_SENT_TOO_FAST), or more
 * than CONTACT_FORM_TOKEN_MAX_AGE_MS ago (CONTACT_FORM_EXPIRED).
 */
export function checkContactFormToken(
  secret: string,
  token: string | undefined,
  now = Date.now(),
): FormTokenProblem | null {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 4 || parts[0] !== VERSION || !/^[0-9a-z]{1,11}$/.test(parts[1]!)) {
    return 'CONTACT_FORM_INVALID';
  }
  const expected = Buffer.from(sign(secret, parts.slice(0, 3).join('.')));
  const given = Buffer.from(parts[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'CONTACT_FORM_INVALID';
  const age = now - parseInt(parts[1]!, 36);
  if (age < CONTACT_MIN_FILL_MS) return 'CONTACT_SENT_TOO_FAST';
  if (age > CONTACT_FORM_TOKEN_MAX_AGE_MS) return 'CONTACT_FORM_EXPIRED';
  return null;
}
