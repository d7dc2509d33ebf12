import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const tmpDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp');

/**
 * Best effort: removes the data directories of earlier runs. The current run's directory is kept:
 * this teardown runs before the web servers stop, so its PostgreSQL is still using it (and it
 * helps when looking into a failure). The next run removes it.
 */
export default function globalTeardown(): void {
  const current = `data-${process.env.E2E_RUN_ID ?? ''}`;
  let entries: string[];
  try {
    entries = readdirSync(tmpDir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith('data-') || entry === current) continue;
    try {
      rmSync(path.join(tmpDir, entry), { recursive: true, force: true, maxRetries: 2 });
    } catch (error) {
      console.warn(`could not remove ${entry}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
