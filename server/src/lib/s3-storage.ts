import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { isSafeKey, StorageUnavailableError, type Storage } from './storage.ts';
import type { S3Location } from './storage-url.ts';

/** Sockets to the store per process: uploads are few, picture downloads come several at a time. */
const MAX_SOCKETS = 50;

/** "No such object", as opposed to a store in trouble (a bucket gone is trouble). */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404;
}

/** Anything else the store says (refused credentials, a server error, no answer) is its trouble. */
function unavailable(error: unknown, operation: string): StorageUnavailableError {
  const detail =
    error instanceof S3ServiceException
      ? `${error.name} (HTTP ${error.$metadata?.httpStatusCode ?? '?'})`
      : error instanceof Error
        ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}`
        : String(error);
  return new StorageUnavailableError(`S3 ${operation} failed: ${detail}`, { cause: error });
}

export interface S3Storage extends Storage {
  /** Checks the bucket answers, creating it when it does not exist yet (at start). */
  prepare(): Promise<void>;
  /** Closes the client's sockets. */
  close(): void;
}

/**
 * Uploads in an S3-compatible bucket. Files are always read back through our own routes (which
 * check who may see them): no public bucket URLs, no presigned links.
 */
export function s3Storage(location: S3Location): S3Storage {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    // Custom endpoints rarely have a DNS name per bucket: http://host:9000/bucket/key.
    forcePathStyle: location.endpoint !== undefined,
    credentials: location.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer
    // default (trailing CRC checksums on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { httpAgent: { maxSockets: MAX_SOCKETS }, httpsAgent: { maxSockets: MAX_SOCKETS } },
  });
  const Bucket = location.bucket;
  const objectKey = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return location.prefix + key;
  };

  return {
    async put(key, data) {
      const Key = objectKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.length }));
      } catch (error) {
        throw unavailable(error, 'PutObject');
      }
    },
    async open(key) {
      if (!isSafeKey(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!answer.Body || answer.ContentLength === undefined) {
          throw new Error('GetObject answered without a body or a length');
        }
        return { stream: answer.Body as Readable, size: answer.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error, 'GetObject');
      }
    },
    async remove(key) {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (isMissing(error)) return;
        throw unavailable(error, 'DeleteObject');
      }
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: location.prefix + prefix, ContinuationToken }),
          );
        } catch (error) {
          throw unavailable(error, 'ListObjectsV2');
        }
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(location.prefix.length);
          if (key && isSafeKey(key)) yield { key, modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async prepare() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return;
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata?.httpStatusCode : undefined;
        if (status !== 404) throw unavailable(error, `HeadBucket ${Bucket}`);
      }
      try {
        await client.send(new CreateBucketCommand({ Bucket }));
      } catch (error) {
        // Another process created it meanwhile.
        if (error instanceof S3ServiceException && /BucketAlready(OwnedByYou|Exists)/.test(error.name)) return;
        throw unavailable(error, `CreateBucket ${Bucket}`);
      }
    },
    close() {
      client.destroy();
    },
  };
}
