import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"; decision 022):
 * a browser where an account signed in successfully carries a signed note naming that account, so
 * that its sign-ins have a failure budget of their own and are not held by the lockout that
 * guessers from everywhere else bring on the account.
 *
 * One HttpOnly cookie per browser holds up to MAX_ENTRIES accounts (a shared family computer), as
 * `<user id>.<issued at, ms in base 36>.<nonce>` joined by `~`, then `!` and an HMAC of all that
 * under a key derived from AUTH_SECRET. Nothing is stored on the server: an entry is trusted while
 * its signature holds, it is younger than MAX_AGE and it was issued after the account's password
 * last changed (a reset or a change distrusts every browser that had it before).
 */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const MAX_ENTRIES = 5;
/** Only the auth routes read it. */
const COOKIE_PATH = '/api/auth';

export interface DeviceEntry {
  userId: string;
  issuedAt: number;
  nonce: string;
}

export interface DeviceCookieAttributes {
  maxAge: number;
  path: string;
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
}

export interface DeviceCookieOptions {
  secret: string;
  secure: boolean;
}

export function deviceCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}aylal.device`;
}

function signature(secret: string, payload: string): Buffer {
  const key = createHmac('sha256', secret).update('aylal-device-cookie').digest();
  return createHmac('sha256', key).update(payload).digest();
}

function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** The entries of a well-signed device cookie in this Cookie header (none for a forged or broken one). */
export function readDeviceEntries(
  cookieHeader: string | null | undefined,
  options: DeviceCookieOptions,
): DeviceEntry[] {
  const raw = cookieValue(cookieHeader, deviceCookieName(options.secure));
  if (!raw || raw.length > 1024) return [];
  const split = raw.lastIndexOf('!');
  if (split <= 0) return [];
  const payload = raw.slice(0, split);
  const given = Buffer.from(raw.slice(split + 1), 'base64url');
  const expected = signature(options.secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  const entries: DeviceEntry[] = [];
  for (const item of payload.split('~')) {
    const [userId, issued, nonce, ...rest] = item.split('.');
    const issuedAt = parseInt(issued ?? '', 36);
    if (!userId || !nonce || rest.length > 0 || !Number.isFinite(issuedAt)) continue;
    entries.push({ userId, issuedAt, nonce });
  }
  return entries;
}

/**
 * The entry that makes this browser trusted for the account: signed, for this user, not older
 * than the cookie's lifetime, and issued after the password last changed (`trustedSince`).
 */
export function findTrustedDevice(
  cookieHeader: string | null | undefined,
  options: DeviceCookieOptions,
  account: { userId: string; trustedSince: Date | null },
  now = Date.now(),
): DeviceEntry | null {
  const since = account.trustedSince?.getTime() ?? 0;
  return (
    readDeviceEntries(cookieHeader, options).find(
      (entry) =>
        entry.userId === account.userId &&
        entry.issuedAt <= now &&
        now - entry.issuedAt < DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 &&
        entry.issuedAt >= since,
    ) ?? null
  );
}

/**
 * The Set-Cookie value after a successful sign-in of `userId`: a fresh entry for them first, the
 * browser's other accounts after it (expired ones dropped), at most MAX_ENTRIES.
 */
export function issueDeviceCookie(
  cookieHeader: string | null | undefined,
  options: DeviceCookieOptions,
  userId: string,
  now = Date.now(),
): { name: string; value: string; options: DeviceCookieAttributes } {
  const kept = readDeviceEntries(cookieHeader, options).filter(
    (entry) => entry.userId !== userId && now - entry.issuedAt < DEVICE_COOKIE_MAX_AGE_SECONDS * 1000,
  );
  const entries = [{ userId, issuedAt: now, nonce: randomBytes(12).toString('base64url') }, ...kept].slice(
    0,
    MAX_ENTRIES,
  );
  const payload = entries.map((entry) => `${entry.userId}.${entry.issuedAt.toString(36)}.${entry.nonce}`).join('~');
  const value = `${payload}!${signature(options.secret, payload).toString('base64url')}`;
  return {
    name: deviceCookieName(options.secure),
    value,
    options: {
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
    },
  };
}
