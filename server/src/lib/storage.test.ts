import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TripDetail, TripImage } from '@aylal/shared/schemas/trips';
import type { VisaApplication, VisaDocument } from '@aylal/shared/schemas/visa';
import { ADMIN_EMAIL, createTestApp, errorOf, multipart, type TestApp } from '../../test/helpers.ts';
import { makePdf } from '../../test/pdfs.ts';
import { startTestS3Server, TEST_S3_ACCESS_KEY_ID, type TestS3Server } from '../../test/s3-server.ts';
import { DEMO_TRIPS } from '../db/seeds/demo-data.ts';
import { s3Storage } from './s3-storage.ts';
import { localStorage, StorageUnavailableError, type Storage } from './storage.ts';
import { parseStorageUrl } from './storage-url.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

let s3: TestS3Server;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3Server();
  dir = mkdtempSync(path.join(os.tmpdir(), 'aylal-storage-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The same contract for every implementation: what the routes rely on. */
describe.each([
  { name: 'local disk', make: async (): Promise<Storage> => localStorage(path.join(dir, 'uploads')) },
  {
    name: 'S3',
    make: async (): Promise<Storage> => {
      const storage = s3Storage(parseStorageUrl(s3.storageUrl('contract')));
      await storage.prepare();
      return storage;
    },
  },
])('the $name store', ({ make }) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
  });

  it('gives back what was put, with its size, as a stream', async () => {
    const data = randomBytes(300_000);
    await storage.put('trips/t1/picture-480.webp', data);
    const file = await storage.open('trips/t1/picture-480.webp');
    expect(file?.size).toBe(data.length);
    expect((await readAll(file!.stream)).equals(data)).toBe(true);
  });

  it('replaces a file put again under the same key', async () => {
    await storage.put('jobs/j1/file.pdf', Buffer.from('first'));
    await storage.put('jobs/j1/file.pdf', Buffer.from('second, longer'));
    const file = await storage.open('jobs/j1/file.pdf');
    expect(file?.size).toBe(14);
    expect((await readAll(file!.stream)).toString()).toBe('second, longer');
  });

  it('answers null for a missing file and for an unsafe key, and refuses to write one', async () => {
    expect(await storage.open('visa/nothing-here.pdf')).toBeNull();
    expect(await storage.open('../etc/passwd')).toBeNull();
    expect(await storage.open('visa//double')).toBeNull();
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
  });

  it('removes a file, and removing a missing one is fine', async () => {
    await storage.put('visa/a1/doc.pdf', Buffer.from('%PDF-'));
    await storage.remove('visa/a1/doc.pdf');
    expect(await storage.open('visa/a1/doc.pdf')).toBeNull();
    await expect(storage.remove('visa/a1/doc.pdf')).resolves.toBeUndefined();
  });

  it('keeps an empty file', async () => {
    await storage.put('jobs/j2/empty.txt', Buffer.alloc(0));
    const file = await storage.open('jobs/j2/empty.txt');
    expect(file?.size).toBe(0);
    expect((await readAll(file!.stream)).length).toBe(0);
  });
});

describe('the S3 store', () => {
  it('creates its bucket when missing, keeps keys under the URL path, and signs every request', async () => {
    const storage = s3Storage(
      parseStorageUrl(s3.storageUrl('fresh-bucket').replace('@fresh-bucket', '@fresh-bucket/aylal')),
    );
    await storage.prepare();
    await storage.prepare();
    await storage.put('trips/x/a-480.webp', Buffer.from('webp'));
    expect([...s3.buckets.get('fresh-bucket')!.keys()]).toEqual(['aylal/trips/x/a-480.webp']);
    storage.close();
  });

  it('says the store is unavailable (not "missing") for a wrong secret or a store that is down', async () => {
    const wrong = s3Storage(
      parseStorageUrl(
        `s3://${TEST_S3_ACCESS_KEY_ID}:not-the-secret@contract?endpoint=${encodeURIComponent(s3.endpoint)}`,
      ),
    );
    await expect(wrong.open('trips/t1/picture-480.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(wrong.put('trips/t1/other.webp', Buffer.from('x'))).rejects.toThrow(/SignatureDoesNotMatch/);
    wrong.close();

    const down = await startTestS3Server();
    const url = down.storageUrl('contract');
    await down.close();
    const unreachable = s3Storage(parseStorageUrl(url));
    await expect(unreachable.open('trips/t1/picture-480.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(unreachable.prepare()).rejects.toBeInstanceOf(StorageUnavailableError);
    unreachable.close();
  });
});

describe('STORAGE_URL', () => {
  it('reads the bucket, prefix, endpoint, region and keys', () => {
    expect(
      parseStorageUrl('s3://k:s%2Fx@my-bucket/some/prefix/?endpoint=http://127.0.0.1:9000&region=eu-west-1'),
    ).toEqual({
      bucket: 'my-bucket',
      prefix: 'some/prefix/',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'k', secretAccessKey: 's/x' },
    });
    expect(
      parseStorageUrl('s3://bucket', {
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secret',
        AWS_REGION: 'ap-east-1',
      }),
    ).toEqual({
      bucket: 'bucket',
      prefix: '',
      region: 'ap-east-1',
      endpoint: undefined,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(parseStorageUrl('s3://bucket', {}).credentials).toBeUndefined();
  });

  it.each([
    ['http://bucket', /s3:\/\/bucket URL/],
    ['not a url', /s3:\/\/bucket URL/],
    ['s3://Bad_Bucket', /not a valid bucket name/],
    ['s3://bucket?endpoint=ftp://x', /endpoint must be an http/],
    ['s3://bucket?endpoint=nope', /endpoint must be an http/],
    ['s3://bucket?acl=public-read', /unknown parameter "acl"/],
    ['s3://user@bucket', /both user/],
    ['s3://bucket/Uploads', /prefix/],
  ])('refuses %s', (value, message) => {
    expect(() => parseStorageUrl(value, {})).toThrow(message);
  });
});

/** The routes on the S3 store: pictures public through /uploads, visa documents to their owner only. */
describe('uploads on S3 through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STORAGE_URL: s3.storageUrl('app-uploads') });
  });
  afterAll(() => t.close());

  it('serves a trip picture from the bucket and forgets it when deleted', async () => {
    const admin = await t.signUp(ADMIN_EMAIL);
    const trip = (
      await t.send('POST', '/api/admin/trips', { cookie: admin, body: DEMO_TRIPS[0] })
    ).json() as TripDetail;
    const data = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0b5a8f' } })
      .jpeg()
      .toBuffer();
    const response = await t.send('POST', `/api/admin/trips/${trip.id}/images`, {
      cookie: admin,
      raw: multipart({}, { name: 'dunes.jpg', type: 'image/jpeg', data }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json() as TripImage;
    const keys = [...s3.buckets.get('app-uploads')!.keys()].filter((key) => key.startsWith(`trips/${trip.id}/`));
    expect(keys).toHaveLength(3);

    const file = await t.get(`${image.url}-480.webp`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(480);

    const removed = await t.send('DELETE', `/api/admin/trips/${trip.id}/images/${image.id}`, { cookie: admin });
    expect(removed.statusCode).toBe(204);
    expect([...s3.buckets.get('app-uploads')!.keys()].filter((key) => key.startsWith(`trips/${trip.id}/`))).toEqual([]);
    expect(errorOf(await t.get(`${image.url}-480.webp`)).code).toBe('NOT_FOUND');
  });

  it('keeps a visa document private: its owner reads it through our route, anyone else gets 404', async () => {
    const owner = await t.signUp('s3-owner@example.com');
    const other = await t.signUp('s3-other@example.com');
    const draft = (await t.send('POST', '/api/visa-applications', { cookie: owner })).json() as VisaApplication;
    const uploaded = await t.send('POST', `/api/visa-applications/${draft.id}/documents`, {
      cookie: owner,
      raw: multipart({ kind: 'passport' }, { name: 'passport.pdf', type: 'application/pdf', data: await makePdf() }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const document = uploaded.json() as VisaDocument;
    const url = `/api/visa-applications/${draft.id}/documents/${document.id}`;
    const file = await t.get(url, { cookie: owner });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.length).toBe(document.size);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await t.get(url, { cookie: other })).statusCode).toBe(404);
    expect((await t.get(url)).statusCode).toBe(401);
    // Nothing in the answers points at the bucket.
    expect(JSON.stringify(document)).not.toContain(s3.endpoint);
  });

  it('answers 503, not 500, while the store cannot be reached', async () => {
    const missing = await t.get('/uploads/trips/00000000-0000-0000-0000-000000000000/x-480.webp');
    expect(missing.statusCode).toBe(404);
    const bucket = s3.buckets.get('app-uploads')!;
    s3.buckets.delete('app-uploads');
    try {
      const response = await t.get('/uploads/trips/00000000-0000-0000-0000-000000000000/x-480.webp');
      expect(response.statusCode, response.body).toBe(503);
      expect(errorOf(response).code).toBe('SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after']).toBeDefined();
    } finally {
      s3.buckets.set('app-uploads', bucket);
    }
  });
});
