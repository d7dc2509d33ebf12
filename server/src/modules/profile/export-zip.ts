import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../lib/storage.ts';
import { collectMyData, type ExportFile } from './export.ts';

/** What the ZIP says when a document's file could not be found in storage. */
function readme(missing: readonly string[]): string {
  return [
    'These documents are listed in my-data.json, but their files could not be found in our storage,',
    'so they are not in this archive:',
    '',
    ...missing.map((path) => `- ${path}`),
    '',
  ].join('\n');
}

/**
 * Adds the files one after another, each opened only when the one before has been read, so one
 * file at a time is open and what is held in memory is the stream's buffers, whatever the sizes.
 * A file gone from storage is skipped and named in README.txt. Stops as soon as the output is
 * closed (the download was cancelled); a file that fails mid-way breaks the output (the download
 * fails rather than ending short).
 */
async function addFiles(zip: ZipFile, output: Readable, storage: Storage, files: readonly ExportFile[]) {
  const missing: string[] = [];
  let current: Readable | null = null;
  output.once('close', () => current?.destroy());
  for (const file of files) {
    const opened = await storage.open(file.key);
    if (output.destroyed) {
      opened?.stream.destroy();
      return;
    }
    if (!opened) {
      missing.push(file.path);
      continue;
    }
    current = opened.stream;
    // Documents are PDFs, JPEGs and PNGs: compressed already.
    zip.addReadStream(current, file.path, { compress: false, mtime: file.createdAt, size: opened.size });
    await finished(current);
    current = null;
  }
  if (missing.length > 0) zip.addBuffer(Buffer.from(readme(missing)), 'README.txt');
  zip.end();
}

/**
 * The export as a ZIP (GET /api/account/export.zip): `my-data.json`, the same document as the JSON
 * export, and every visa document's file under `visa/<reference>/[<dependant>/]<kind>-<name>`. The
 * data is read first (one snapshot); the archive is then written as it is sent, never whole in
 * memory.
 */
export async function streamMyDataZip(db: Db, storage: Storage, publicUrl: string, userId: string) {
  const { data, files } = await collectMyData(db, userId, publicUrl);
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'my-data.json', { mtime: new Date(data.exportedAt) });
  addFiles(zip, output, storage, files).catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { exportedAt: data.exportedAt, stream: output };
}
