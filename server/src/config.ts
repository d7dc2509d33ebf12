import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseStorageUrl, type S3Location } from './lib/storage-url.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS, parsePushServiceHosts } from './lib/push-endpoints.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** Whether `value` is unpadded base64url of exactly `bytes` bytes. */
function isBase64UrlOfLength(value: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL')
      .optional(),
  ),
  /** Where uploads live: s3://bucket[/prefix]?endpoint=…&region=… (unset: DATA_DIR/uploads on local disk). */
  STORAGE_URL: optionalString,
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAILS: z
    .preprocess(emptyToUndefined, z.string().optional())
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** OpenID issuer for "Google" sign-in; tests point it at a local provider. */
  GOOGLE_ISSUER: z.preprocess(emptyToUndefined, z.url().default('https://accounts.google.com')),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .url()
      .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Aylal <no-reply@aylal.mn>')),
  /** QPay's merchant API (issue 25): offered only with its client id, secret and invoice code set. */
  QPAY_URL: z.preprocess(emptyToUndefined, z.url().default('https://merchant.qpay.mn')),
  QPAY_CLIENT_ID: optionalString,
  QPAY_CLIENT_SECRET: optionalString,
  QPAY_INVOICE_CODE: optionalString,
  /** Stripe (issue 25): cards are offered only with both the secret key and the webhook's signing secret. */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where Stripe's API answers; tests point it at a local fake (default Stripe's own). */
  STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.stripe.com')),
  /** Web Push's application server keys (base64url, as `npx web-push generate-vapid-keys` prints them). */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => isBase64UrlOfLength(value, 65) && value.startsWith('B'),
        'must be a base64url P-256 public key',
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => isBase64UrlOfLength(value, 32), 'must be a base64url P-256 private key')
      .optional(),
  ),
  /** Who push services contact about our pushes: a mailto: or https: URL (default: MAIL_FROM's address). */
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value), 'must be a mailto: or https: URL')
      .optional(),
  ),
  /**
   * The push services a browser's subscription may name (decision 024): comma-separated hosts,
   * `*.domain` for any name below it, or an origin such as `http://127.0.0.1:4567` for a test's
   * local push service (an address named here is used as it is, private or not).
   */
  PUSH_SERVICE_HOSTS: z
    .preprocess(emptyToUndefined, z.string().default(DEFAULT_PUSH_SERVICE_HOSTS))
    .transform((value, context) => {
      try {
        return parsePushServiceHosts(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  SEED_DEMO: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false']).optional())
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /**
   * Sign-in, sign-up and password-reset attempts allowed per address and minute, on any account.
   * Loose enough for an office or a carrier behind one address; each account has its own limit too.
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10000).default(30),
  /** Addresses of reverse proxies whose X-Forwarded-For is believed (comma-separated IPs/CIDRs). */
  TRUST_PROXY: optionalString,
  /** Draw the public pages on the server (`false`: send the empty page shell, the browser draws). */
  SERVER_RENDERING: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true'))
    .transform((value) => value === 'true'),
  /** Seconds a process reuses a public catalogue answer (0 turns the cache off). */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Seconds between the live stream's heartbeat comments (proxies drop silent connections). */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(20),
  /**
   * Whether staff need a second factor for the back office (docs/decisions/023): `required` (the
   * default in production) refuses /api/admin/* to an admin without one; `optional` only to an
   * admin whose session was made without the factor they have.
   */
  STAFF_TWO_FACTOR: z.preprocess(emptyToUndefined, z.enum(['required', 'optional']).optional()),
  /**
   * Seconds a stopping process keeps serving while its readiness answers 503, so that a load
   * balancer's probes notice and send requests elsewhere before it stops listening (issue 26).
   */
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(120).optional()),
  /** Where Prometheus reads the metrics (`GET /metrics`): a listener of their own, off when unset. */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** The metrics listener's address: this machine only unless told otherwise. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = Omit<
  z.infer<typeof EnvSchema>,
  'AUTH_SECRET' | 'PUBLIC_URL' | 'SEED_DEMO' | 'STAFF_TWO_FACTOR' | 'SHUTDOWN_DRAIN_SECONDS'
> & {
  /** 5 in production (a load balancer probing every 2 s sees two 503s), else 0. */
  SHUTDOWN_DRAIN_SECONDS: number;
  AUTH_SECRET: string;
  STAFF_TWO_FACTOR: 'required' | 'optional';
  /** The S3-compatible bucket STORAGE_URL names; null: local disk under DATA_DIR/uploads. */
  s3: S3Location | null;
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
  isProduction: boolean;
  googleEnabled: boolean;
};

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
  }
}

/** Parses the environment once. Every bad key is reported in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const issues: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push(`${issue.path.join('.') || '(env)'}: ${issue.message}`);
    }
  }
  const data = parsed.data;
  // Checked on the raw values so they are reported even when another key failed to parse.
  const raw = (key: string) => emptyToUndefined(env[key]);
  if (raw('NODE_ENV') === 'production' && !raw('AUTH_SECRET')) {
    issues.push('AUTH_SECRET: required when NODE_ENV is production');
  }
  if (Boolean(raw('GOOGLE_CLIENT_ID')) !== Boolean(raw('GOOGLE_CLIENT_SECRET'))) {
    issues.push('GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: set both or neither');
  }
  if (Boolean(raw('VAPID_PUBLIC_KEY')) !== Boolean(raw('VAPID_PRIVATE_KEY'))) {
    issues.push('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both or neither');
  }
  if (raw('NODE_ENV') === 'production' && data?.PUSH_SERVICE_HOSTS.some((rule) => rule.protocol === 'http:')) {
    issues.push('PUSH_SERVICE_HOSTS: push services are reached over https in production');
  }
  let s3: S3Location | null = null;
  const storageUrl = raw('STORAGE_URL');
  if (typeof storageUrl === 'string') {
    try {
      s3 = parseStorageUrl(storageUrl, env);
    } catch (error) {
      // The message never repeats the URL: it may hold the secret key.
      issues.push(`STORAGE_URL: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (issues.length > 0 || !data) throw new ConfigError(issues);

  const dataDir = path.resolve(data.DATA_DIR);
  const port = data.PORT;
  return {
    ...data,
    DATA_DIR: dataDir,
    AUTH_SECRET: data.AUTH_SECRET ?? readOrCreateSecret(dataDir, 'auth-secret'),
    s3,
    PUBLIC_URL: (data.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    SEED_DEMO: data.SEED_DEMO ?? data.NODE_ENV !== 'production',
    STAFF_TWO_FACTOR: data.STAFF_TWO_FACTOR ?? (data.NODE_ENV === 'production' ? 'required' : 'optional'),
    SHUTDOWN_DRAIN_SECONDS: data.SHUTDOWN_DRAIN_SECONDS ?? (data.NODE_ENV === 'production' ? 5 : 0),
    isProduction: data.NODE_ENV === 'production',
    googleEnabled: Boolean(data.GOOGLE_CLIENT_ID && data.GOOGLE_CLIENT_SECRET),
  };
}

/** Reads a secret kept in DATA_DIR, generating it on first use. */
export function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
