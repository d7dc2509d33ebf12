import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** The application server's identity towards push services (RFC 8292). */
export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what browsers subscribe with (`applicationServerKey`). */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
  /** mailto: or https: URL push services may contact. */
  subject: string;
}

/** A fresh P-256 key pair, as web-push's generateVAPIDKeys() makes it. */
export function generateVapidKeys(): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  // A private key with a leading zero byte comes out short: padded to 32 bytes.
  const padded = Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: padded.toString('base64url') };
}

/** The subject when VAPID_SUBJECT is unset: MAIL_FROM's address. */
function defaultSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return /^\S+@\S+$/.test(address) ? `mailto:${address}` : 'mailto:no-reply@aylal.mn';
}

/**
 * The VAPID keys: from the configuration when set (validated in config.ts), otherwise generated
 * once into DATA_DIR/secrets/vapid.json (like AUTH_SECRET), so subscriptions survive restarts.
 */
export function resolveVapidKeys(
  config: Pick<Config, 'DATA_DIR' | 'MAIL_FROM' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config.MAIL_FROM);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(config.DATA_DIR, 'secrets', 'vapid.json');
  const read = () => {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  };
  if (existsSync(file)) return read();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const keys = generateVapidKeys();
  try {
    // `wx`: a process starting at the same moment that wrote first wins; we read its pair.
    writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  return { ...keys, subject };
}
