import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Local disk under DATA_DIR/uploads by default; an S3-compatible bucket
 * (`s3-storage.ts`, STORAGE_URL) when several app processes share the files.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes and size, or null when there is no such file. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes a file; a missing one is fine. */
  remove(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` ('visa/'), with when it was written: the orphan sweep's walk. */
  list(prefix: string): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

/** The store could not be reached or refused the operation: the request may be retried (503). */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '' || part === '.' || part === '..');
}

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async open(key) {
      if (!isSafeKey(key)) return null;
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async *list(prefix) {
      const walk = async function* (directory: string): AsyncGenerator<StoredFile> {
        let entries;
        try {
          entries = await readdir(directory, { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          const file = path.join(directory, entry.name);
          if (entry.isDirectory()) yield* walk(file);
          else if (entry.isFile()) {
            const key = path.relative(root, file).split(path.sep).join('/');
            if (key.startsWith(prefix) && isSafeKey(key)) yield { key, modifiedAt: (await stat(file)).mtime };
          }
        }
      };
      // Walks from the prefix's folder ('visa/' → uploads/visa).
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      yield* walk(path.join(root, folder));
    },
  };
}
