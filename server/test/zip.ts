import type { Readable } from 'node:stream';
import { fromBufferPromise } from 'yauzl';

/** Every file in a ZIP, by its path, as bytes. */
export async function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(data, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of (await zip.openReadStreamPromise(entry)) as Readable) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  return files;
}
