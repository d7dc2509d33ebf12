import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { lazily } from './lazily.ts';
import { startTestS3Server, type TestS3Server } from './s3-server.ts';

/**
 * A test app keeping its files in `bucket` of a test S3 server of its own: both started before a
 * block's tests, the app closed after them, then the server.
 */
export function useTestAppOnS3(bucket: string): { t: TestApp; s3: TestS3Server } {
  let s3: TestS3Server | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    t = await createTestApp({ STORAGE_URL: s3.storageUrl(bucket) });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });
  return { t: lazily(() => t, 'the test app'), s3: lazily(() => s3, 'the S3 server') };
}
