import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { generateVapidKeys, resolveVapidKeys } from './delivery/vapid.ts';

const SECRET = 'a'.repeat(32);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aylal-config-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The ConfigError that loading `env` throws (failing the test if it does not throw one). */
function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    const config = loadConfig({ AUTH_SECRET: SECRET });
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: path.resolve('data'),
      AUTH_SECRET: SECRET,
      ADMIN_EMAILS: [],
      MAIL_FROM: 'Aylal <no-reply@aylal.mn>',
      AUTH_RATE_LIMIT: 30,
      LOG_LEVEL: 'info',
      SEED_DEMO: true,
      isProduction: false,
      googleEnabled: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads STORAGE_URL once, and names what is wrong without repeating the secret', () => {
    expect(loadConfig({ AUTH_SECRET: SECRET }).s3).toBeNull();
    expect(loadConfig({ AUTH_SECRET: SECRET, STORAGE_URL: '' }).s3).toBeNull();
    expect(
      loadConfig({
        AUTH_SECRET: SECRET,
        STORAGE_URL: 's3://uploads?endpoint=http://127.0.0.1:9000',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'key',
      }).s3,
    ).toEqual({
      bucket: 'uploads',
      prefix: '',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'key' },
    });
    const error = configErrorOf({ AUTH_SECRET: SECRET, STORAGE_URL: 's3://id:very-secret@Not_A_Bucket' });
    expect(error.issues).toEqual(['STORAGE_URL: "Not_A_Bucket" is not a valid bucket name']);
    expect(error.message).not.toContain('very-secret');
    expect(configErrorOf({ AUTH_SECRET: SECRET, STORAGE_URL: '/srv/uploads' }).issues).toEqual([
      'STORAGE_URL: must be an s3://bucket URL',
    ]);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      PUBLIC_URL: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      ADMIN_EMAILS: '',
    });
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_EMAILS).toEqual([]);
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash from a given one', () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ AUTH_SECRET: SECRET, PUBLIC_URL: 'https://aylal.mn/' }).PUBLIC_URL).toBe('https://aylal.mn');
  });

  it('lowercases and trims ADMIN_EMAILS', () => {
    const config = loadConfig({ AUTH_SECRET: SECRET, ADMIN_EMAILS: ' Boss@Aylal.mn , second@example.com,' });
    expect(config.ADMIN_EMAILS).toEqual(['boss@aylal.mn', 'second@example.com']);
  });

  it('accepts postgres:// and postgresql:// database URLs and smtp(s):// mail URLs', () => {
    for (const DATABASE_URL of ['postgres://u:p@db:5432/aylal', 'postgresql://u@db/aylal']) {
      expect(loadConfig({ AUTH_SECRET: SECRET, DATABASE_URL }).DATABASE_URL).toBe(DATABASE_URL);
    }
    for (const SMTP_URL of ['smtp://mail:25', 'smtps://u:p@mail:465']) {
      expect(loadConfig({ AUTH_SECRET: SECRET, SMTP_URL }).SMTP_URL).toBe(SMTP_URL);
    }
  });

  it('reports every bad key in one ConfigError', () => {
    const error = configErrorOf({
      AUTH_SECRET: SECRET,
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://x',
      ADMIN_EMAILS: 'notanemail',
    });
    for (const key of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'ADMIN_EMAILS']) {
      expect(error.message).toContain(key);
      expect(error.issues.some((issue) => issue.startsWith(key))).toBe(true);
    }
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).not.toContain('HOST');
  });

  it.each([
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['AUTH_SECRET', 'too-short'],
    ['AUTH_RATE_LIMIT', '0'],
    ['LOG_LEVEL', 'verbose'],
    ['PUBLIC_URL', 'not a url'],
  ])('refuses %s=%s', (key, value) => {
    const error = configErrorOf({ AUTH_SECRET: SECRET, [key]: value });
    expect(error.message).toContain(key);
  });

  it('reads PUSH_SERVICE_HOSTS: the browsers’ push services by default, https only in production', () => {
    const hosts = (env: NodeJS.ProcessEnv) => loadConfig({ AUTH_SECRET: SECRET, ...env }).PUSH_SERVICE_HOSTS;
    expect(hosts({}).map((rule) => `${rule.anySubdomain ? '*.' : ''}${rule.host}`)).toEqual([
      'fcm.googleapis.com',
      '*.push.services.mozilla.com',
      '*.notify.windows.com',
      '*.push.apple.com',
    ]);
    expect(hosts({ PUSH_SERVICE_HOSTS: 'http://127.0.0.1:4567' })).toEqual([
      { protocol: 'http:', host: '127.0.0.1', anySubdomain: false, port: '4567', isAddress: true },
    ]);
    expect(configErrorOf({ AUTH_SECRET: SECRET, PUSH_SERVICE_HOSTS: 'fcm.googleapis.com/fcm' }).issues).toEqual([
      'PUSH_SERVICE_HOSTS: "fcm.googleapis.com/fcm" is not a host, *.domain or origin',
    ]);
    const production = { NODE_ENV: 'production', AUTH_SECRET: SECRET, DATA_DIR: tempDir() };
    expect(configErrorOf({ ...production, PUSH_SERVICE_HOSTS: 'http://127.0.0.1:4567' }).issues).toEqual([
      'PUSH_SERVICE_HOSTS: push services are reached over https in production',
    ]);
    expect(loadConfig({ ...production, PUSH_SERVICE_HOSTS: 'https://10.0.0.7:8443' }).PUSH_SERVICE_HOSTS).toHaveLength(
      1,
    );
  });

  it('refuses Google sign-in configured by halves', () => {
    expect(configErrorOf({ AUTH_SECRET: SECRET, GOOGLE_CLIENT_ID: 'id' }).message).toContain('GOOGLE_CLIENT_SECRET');
    expect(loadConfig({ AUTH_SECRET: SECRET, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).googleEnabled).toBe(
      true,
    );
  });

  it('refuses production without AUTH_SECRET, and says so with the other problems', () => {
    const dataDir = tempDir();
    const error = configErrorOf({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: 'abc' });
    expect(error.message).toContain('AUTH_SECRET');
    expect(error.message).toContain('PORT');
    // Nothing was generated for it.
    expect(() => statSync(path.join(dataDir, 'secrets', 'auth-secret'))).toThrow();

    const production = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET, DATA_DIR: dataDir });
    expect(production).toMatchObject({ isProduction: true, SEED_DEMO: false, AUTH_SECRET: SECRET });
  });

  it('generates AUTH_SECRET into DATA_DIR when unset and reuses it on the next start', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);

    const file = path.join(dataDir, 'secrets', 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.AUTH_SECRET);
    expect(statSync(file).mode & 0o077).toBe(0);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.AUTH_SECRET).toBe(first.AUTH_SECRET);

    // Another installation gets a secret of its own.
    expect(loadConfig({ DATA_DIR: tempDir() }).AUTH_SECRET).not.toBe(first.AUTH_SECRET);
  });

  it('prefers a configured AUTH_SECRET over a generated one', () => {
    const dataDir = tempDir();
    loadConfig({ DATA_DIR: dataDir });
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }).AUTH_SECRET).toBe(SECRET);
  });

  it('checks VAPID keys: both or neither, base64url P-256, a mailto: or https: subject', () => {
    const keys = generateVapidKeys();
    expect(configErrorOf({ AUTH_SECRET: SECRET, VAPID_PUBLIC_KEY: keys.publicKey }).message).toContain(
      'VAPID_PRIVATE_KEY',
    );
    const bad = configErrorOf({
      AUTH_SECRET: SECRET,
      VAPID_PUBLIC_KEY: 'not-a-key',
      VAPID_PRIVATE_KEY: keys.publicKey,
      VAPID_SUBJECT: 'http://aylal.mn',
    });
    expect(bad.issues.map((issue) => issue.split(':')[0]).sort()).toEqual([
      'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_SUBJECT',
    ]);
    const dataDir = tempDir();
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://aylal.mn',
    });
    expect(resolveVapidKeys(config)).toEqual({ ...keys, subject: 'https://aylal.mn' });
    // Configured keys are not written anywhere.
    expect(() => statSync(path.join(dataDir, 'secrets', 'vapid.json'))).toThrow();
  });

  it('generates VAPID keys into DATA_DIR when unset and reuses them on the next start', () => {
    const dataDir = tempDir();
    const first = resolveVapidKeys(loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: dataDir }));
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    // The subject defaults to MAIL_FROM's address.
    expect(first.subject).toBe('mailto:no-reply@aylal.mn');
    const file = path.join(dataDir, 'secrets', 'vapid.json');
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(resolveVapidKeys(loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: dataDir }))).toEqual(first);
    expect(resolveVapidKeys(loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: tempDir() })).publicKey).not.toBe(
      first.publicKey,
    );
  });
});
