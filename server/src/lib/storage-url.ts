import { isSafeKey } from './storage.ts';

/** Where the files are, as `STORAGE_URL=s3://bucket[/prefix]?endpoint=…&region=…` says. */
export interface S3Location {
  bucket: string;
  /** Prepended to every key (`aylal/` for `s3://bucket/aylal`); empty for the whole bucket. */
  prefix: string;
  region: string;
  /** An S3-compatible server (MinIO, Garage, a provider's endpoint); unset: AWS itself. */
  endpoint?: string;
  /** From the URL's user:password, else AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, else the SDK's usual chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

// A bucket name as S3 allows it (3-63 lower-case letters, digits, dots and hyphens).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads STORAGE_URL. Throws an Error whose message says what is wrong (config.ts reports it with
 * the other bad keys). Credentials in the URL win over the environment's.
 */
export function parseStorageUrl(value: string, env: NodeJS.ProcessEnv = process.env): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be an s3://bucket URL');
  }
  if (url.protocol !== 's3:') throw new Error('must be an s3://bucket URL');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw new Error(`"${bucket}" is not a valid bucket name`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix && !isSafeKey(prefix)) throw new Error('the key prefix (the URL path) may use a-z, 0-9, / _ . - only');
  for (const name of url.searchParams.keys()) {
    if (name !== 'endpoint' && name !== 'region') throw new Error(`unknown parameter "${name}" (endpoint, region)`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new Error('endpoint must be an http:// or https:// URL');
  }
  const region = url.searchParams.get('region') || env.AWS_REGION || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw new Error(`"${region}" is not a region name`);

  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(password))
    throw new Error('give both user (access key) and password (secret) or neither');
  const accessKeyId = user || env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = password || env.AWS_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both or neither');
  }
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region,
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
