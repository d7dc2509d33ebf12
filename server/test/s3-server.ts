/**
 * A small S3-compatible server for the tests, standing in for a real bucket as the local OpenID
 * provider stands in for Google. Objects live in memory. Path-style addressing only
 * (http://host:port/bucket/key), which is what the app uses for a custom endpoint.
 *
 *   HEAD   /bucket        200, or 404 when the bucket does not exist
 *   PUT    /bucket        CreateBucket
 *   PUT    /bucket/key    PutObject (plain body, or aws-chunked with or without chunk signatures)
 *   GET    /bucket/key    GetObject with Content-Length; 404 NoSuchKey
 *   HEAD   /bucket/key    HeadObject
 *   DELETE /bucket/key    DeleteObject (204, missing or not)
 *   GET    /bucket?list-type=2&prefix=…  ListObjectsV2 (all keys in one page, with LastModified)
 *
 * `down(true)` makes it answer 503 to everything, as a store that is down would, until `down(false)`.
 *
 * Every request must carry a valid AWS Signature Version 4 (Authorization header): the canonical
 * request is rebuilt and the signature recomputed with the one access key it knows, and a signed
 * payload hash is checked against the body. Wrong keys answer 403 like S3.
 *
 * Run alone: `npx tsx server/test/s3-server.ts` (S3_PORT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export const TEST_S3_ACCESS_KEY_ID = 'aylal-test-key';
export const TEST_S3_SECRET_ACCESS_KEY = 'aylal-test-secret-0123456789';

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  port: number;
  /** bucket → key → bytes: what is stored, for the tests to look at. */
  buckets: Map<string, Map<string, Buffer>>;
  /** bucket → key → when it was written (ListObjectsV2's LastModified); tests may move it back. */
  modified: Map<string, Map<string, Date>>;
  /** Requests answered, by operation ("PutObject", "GetObject"...). */
  counts: Map<string, number>;
  /** While true, every request answers 503 ServiceUnavailable. */
  down(value: boolean): void;
  /** `s3://bucket?endpoint=…` with the keys in it, ready for STORAGE_URL. */
  storageUrl(bucket: string): string;
  close(): Promise<void>;
}

export interface TestS3Options {
  port?: number;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it in the canonical query string. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(search: string): string {
  const pairs = new URLSearchParams(search);
  return [...pairs.entries()]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

interface Verdict {
  ok: boolean;
  code?: string;
  message?: string;
}

/** Checks the request's SigV4 Authorization header; the payload hash is checked separately. */
function verifySignature(request: http.IncomingMessage, accessKeyId: string, secret: string): Verdict {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256\s+Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { ok: false, code: 'AccessDenied', message: 'Missing or malformed SigV4 Authorization header' };
  const [, keyId, date, region, signedHeaderList, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (keyId !== accessKeyId) return { ok: false, code: 'InvalidAccessKeyId', message: 'Unknown access key' };
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return { ok: false, code: 'AccessDenied', message: 'x-amz-date does not match' };
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash) return { ok: false, code: 'InvalidRequest', message: 'Missing x-amz-content-sha256' };
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host')) return { ok: false, code: 'AccessDenied', message: 'host must be signed' };

  const url = new URL(request.url ?? '/', 'http://localhost');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    request.method,
    url.pathname,
    canonicalQuery(url.search),
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, code: 'SignatureDoesNotMatch', message: 'The request signature does not match' };
  }
  return { ok: true };
}

/** Decodes an aws-chunked body: `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0\r\n<trailers>\r\n`. */
function decodeAwsChunked(body: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!Number.isInteger(size) || size < 0) return null;
    offset = lineEnd + 2;
    if (size === 0) return Buffer.concat(parts);
    if (offset + size > body.length) return null;
    parts.push(body.subarray(offset, offset + size));
    offset += size + 2;
  }
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startTestS3Server({
  port = 0,
  accessKeyId = TEST_S3_ACCESS_KEY_ID,
  secretAccessKey = TEST_S3_SECRET_ACCESS_KEY,
}: TestS3Options = {}): Promise<TestS3Server> {
  const buckets = new Map<string, Map<string, Buffer>>();
  const modified = new Map<string, Map<string, Date>>();
  let isDown = false;
  const counts = new Map<string, number>();
  const count = (operation: string) => counts.set(operation, (counts.get(operation) ?? 0) + 1);

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const fail = (status: number, code: string, message: string) => {
        const body = request.method === 'HEAD' ? '' : xmlError(code, message);
        response.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
        response.end(body);
      };
      if (isDown) return fail(503, 'ServiceUnavailable', 'The store is down (test)');
      const verdict = verifySignature(request, accessKeyId, secretAccessKey);
      if (!verdict.ok) return fail(403, verdict.code!, verdict.message!);

      let body: Buffer = Buffer.concat(chunks);
      const payloadHash = String(request.headers['x-amz-content-sha256']);
      if (/^[0-9a-f]{64}$/.test(payloadHash)) {
        if (sha256(body) !== payloadHash) return fail(400, 'XAmzContentSHA256Mismatch', 'Payload hash mismatch');
      } else if (payloadHash.startsWith('STREAMING-')) {
        const decoded = decodeAwsChunked(body);
        if (!decoded) return fail(400, 'IncompleteBody', 'Bad aws-chunked body');
        body = decoded;
      } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
        return fail(400, 'InvalidArgument', 'Bad x-amz-content-sha256');
      }

      const url = new URL(request.url ?? '/', 'http://localhost');
      const [, bucketName = '', ...rest] = url.pathname.split('/');
      const key = rest.map((part) => decodeURIComponent(part)).join('/');
      const bucket = buckets.get(bucketName);
      const method = request.method ?? 'GET';

      if (!key) {
        if (method === 'HEAD') {
          count('HeadBucket');
          if (!bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
          response.writeHead(200).end();
          return;
        }
        if (method === 'PUT') {
          count('CreateBucket');
          if (bucket) return fail(409, 'BucketAlreadyOwnedByYou', 'Bucket exists');
          buckets.set(bucketName, new Map());
          modified.set(bucketName, new Map());
          response.writeHead(200, { location: `/${bucketName}` }).end();
          return;
        }
        if (method === 'GET' && url.searchParams.get('list-type') === '2') {
          count('ListObjectsV2');
          if (!bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
          const prefix = url.searchParams.get('prefix') ?? '';
          const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
          const contents = [...bucket.entries()]
            .filter(([name]) => name.startsWith(prefix))
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(
              ([name, bytes]) =>
                `<Contents><Key>${escape(name)}</Key><LastModified>${(modified.get(bucketName)?.get(name) ?? new Date()).toISOString()}</LastModified><Size>${bytes.length}</Size></Contents>`,
            )
            .join('');
          const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucketName}</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${bucket.size}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`;
          response.writeHead(200, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
          response.end(xml);
          return;
        }
        return fail(501, 'NotImplemented', 'Not implemented by the test server');
      }
      if (!bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');

      if (method === 'PUT') {
        count('PutObject');
        const declared = request.headers['x-amz-decoded-content-length'];
        if (declared !== undefined && Number(declared) !== body.length) {
          return fail(400, 'IncompleteBody', 'Body shorter than declared');
        }
        bucket.set(key, body);
        modified.get(bucketName)?.set(key, new Date());
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
        return;
      }
      if (method === 'GET' || method === 'HEAD') {
        count(method === 'GET' ? 'GetObject' : 'HeadObject');
        const object = bucket.get(key);
        if (!object) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': object.length,
          etag: `"${createHash('md5').update(object).digest('hex')}"`,
        });
        response.end(method === 'GET' ? object : undefined);
        return;
      }
      if (method === 'DELETE') {
        count('DeleteObject');
        bucket.delete(key);
        modified.get(bucketName)?.delete(key);
        response.writeHead(204).end();
        return;
      }
      return fail(501, 'NotImplemented', 'Not implemented by the test server');
    });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  const endpoint = `http://127.0.0.1:${actualPort}`;
  return {
    endpoint,
    port: actualPort,
    buckets,
    modified,
    counts,
    down: (value) => {
      isDown = value;
    },
    storageUrl: (bucket) =>
      `s3://${encodeURIComponent(accessKeyId)}:${encodeURIComponent(secretAccessKey)}@${bucket}?endpoint=${encodeURIComponent(endpoint)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const s3 = await startTestS3Server({
    port: Number(process.env.S3_PORT ?? 9000),
    accessKeyId: process.env.S3_ACCESS_KEY_ID ?? TEST_S3_ACCESS_KEY_ID,
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? TEST_S3_SECRET_ACCESS_KEY,
  });
  console.log(`test S3 server on ${s3.endpoint}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void s3.close().then(() => process.exit(0)));
}
