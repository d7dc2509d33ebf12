import path from 'node:path';
import type { Config } from '../config.ts';
import { localStorage, type Storage } from './storage.ts';

/**
 * STORAGE_URL's bucket, checked (created when missing) before anything is served; else local disk.
 * A bucket that cannot be reached stops the start with a message naming it.
 */
export async function defaultStorage(config: Config): Promise<Storage> {
  if (!config.s3) return localStorage(path.join(config.DATA_DIR, 'uploads'));
  // Loaded only when used: the AWS SDK is large (and warns about Node 20 as it loads).
  const { s3Storage } = await import('./s3-storage.ts');
  const storage = s3Storage(config.s3);
  try {
    await storage.prepare();
  } catch (error) {
    storage.close();
    const where = config.s3.endpoint ? ` at ${config.s3.endpoint}` : '';
    throw new Error(
      `STORAGE_URL: the bucket "${config.s3.bucket}"${where} cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return storage;
}
