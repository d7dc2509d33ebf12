import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a session cookie is checked against: Better Auth's cookie name and signing secret. */
export interface SessionCookieKey {
  name: string;
  secret: string;
}

/** The raw value of one cookie in a Cookie header (the first of that name, as Better Auth reads it). */
function findCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    let value = part.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return value;
  }
  return null;
}

function decodeCookieValue(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The session token in a signed Better Auth session cookie, or null when there is none or its
 * signature is wrong. Better Auth (better-call `signCookieValue`) stores
 * `encodeURIComponent(token + "." + base64(HMAC-SHA256(secret, token)))`; checking it here costs no
 * database round trip, so a forged cookie never reaches the database.
 */
export function readSessionToken(cookieHeader: string | undefined, key: SessionCookieKey): string | null {
  if (!cookieHeader) return null;
  const raw = findCookie(cookieHeader, key.name);
  const value = raw === null ? null : decodeCookieValue(raw);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', key.secret).update(token).digest('base64'));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}
