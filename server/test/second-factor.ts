import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEFAULT_PASSWORD, type TestApp } from './helpers.ts';

/** RFC 4648 base32, as an authenticator app reads the `secret` of an otpauth:// address. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows for `uri` now (RFC 6238: HMAC-SHA1 over 30-second steps, six
 * digits), `steps` periods away: computed here from the secret, never asked of the product.
 */
export function totpCode(uri: string, steps = 0, now = Date.now()): string {
  const url = new URL(uri);
  const secret = base32Decode(url.searchParams.get('secret') ?? '');
  const period = Number(url.searchParams.get('period') ?? 30);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / period) + steps));
  const hmac = createHmac('sha1', secret).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** A code that is surely wrong now: one from ten minutes away. */
export function wrongCode(uri: string): string {
  const now = totpCode(uri);
  for (let steps = 20; ; steps += 1) {
    const code = totpCode(uri, steps);
    if (code !== now && code !== totpCode(uri, -1) && code !== totpCode(uri, 1)) return code;
  }
}

/** A browser's cookies over several responses: later Set-Cookie headers replace or clear earlier ones. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(initial = '') {
    for (const part of initial.split(/;\s*/).filter(Boolean)) {
      const at = part.indexOf('=');
      this.cookies.set(part.slice(0, at), part.slice(at + 1));
    }
  }

  take(response: LightMyRequestResponse): this {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return this;
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Enrolled {
  /** The otpauth:// address the QR code carries. */
  uri: string;
  backupCodes: string[];
  /** The session after enrolment (Better Auth replaces it, with the second factor given). */
  cookie: string;
}

/** Sets up an authenticator app as /profile does: enable with the password, then the first code. */
export async function enrolTotp(
  t: TestApp,
  cookie: string,
  password: string | null = DEFAULT_PASSWORD,
  headers: Record<string, string> = {},
) {
  const jar = new CookieJar(cookie);
  const enable = await t.authPost('/two-factor/enable', password === null ? {} : { password }, {
    cookie: jar.header,
    headers,
  });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  jar.take(enable);
  const verify = await t.authPost(
    '/two-factor/verify-totp',
    { code: totpCode(totpURI) },
    {
      cookie: jar.header,
      headers,
    },
  );
  expect(verify.statusCode, verify.body).toBe(200);
  jar.take(verify);
  return { uri: totpURI, backupCodes, cookie: jar.header } satisfies Enrolled;
}

/** The password, then (the answer asks for it) the code: the session's cookie. */
export async function signInWithCode(
  t: TestApp,
  email: string,
  code: string | (() => string),
  { password = DEFAULT_PASSWORD, backup = false } = {},
): Promise<string> {
  const first = await t.authPost('/sign-in/email', { email, password });
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json()).toMatchObject({ twoFactorRedirect: true });
  const jar = new CookieJar().take(first);
  const route = backup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp';
  const second = await t.authPost(route, { code: typeof code === 'string' ? code : code() }, { cookie: jar.header });
  expect(second.statusCode, second.body).toBe(200);
  return jar.take(second).header;
}
