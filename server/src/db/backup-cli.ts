// `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (issue 26, docs/decisions/034):
// the configured product (DATABASE_URL or the embedded database in DATA_DIR, the uploads in
// DATA_DIR/uploads or STORAGE_URL's bucket), as `npm start` would use it.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { defaultStorage } from '../lib/default-storage.ts';
import { emptyDatabase, notEmpty, restoreBackup, writeBackup, type BackupSite } from './backup.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

const USAGE = 'usage: npm run backup -- FILE\n       npm run restore -- FILE [--force]';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The database: DATABASE_URL's, the embedded one a running product serves, or the embedded one started here. */
async function openDatabase(config: Config, mode: 'backup' | 'restore') {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: undefined };
  const running = runningEmbeddedUrl(config.DATA_DIR);
  if (running && mode === 'restore')
    fail(`Aylal is running on ${config.DATA_DIR}: stop it first, then restore into an empty DATA_DIR.`);
  if (running) return { url: running, embedded: undefined };
  console.log(`starting the embedded PostgreSQL in ${config.DATA_DIR}/postgres ...`);
  const embedded: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir: config.DATA_DIR });
  return { url: embedded.url, embedded };
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const [mode, given] = positionals;
  if ((mode !== 'backup' && mode !== 'restore') || !given || positionals.length > 2) fail(USAGE, 2);
  // npm runs scripts from the repository's root: a relative FILE is the caller's.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  if (mode === 'restore' && !existsSync(file)) fail(`${file}: no such file`);
  if (mode === 'backup' && !existsSync(path.dirname(file))) fail(`${path.dirname(file)}: no such directory`);

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const database = await openDatabase(config, mode);
  const storage = await defaultStorage(config);
  const site: BackupSite = {
    databaseUrl: database.url,
    storage,
    bucket: Boolean(config.s3),
    dataDir: config.DATA_DIR,
  };
  try {
    if (mode === 'backup') {
      const started = Date.now();
      const summary = await writeBackup(file, site);
      console.log(
        `backup written to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
          `${summary.rows} rows in ${summary.tables} tables, ` +
          (site.bucket ? "the bucket's keys (back the bucket up on its own)" : `${summary.files} uploaded files`) +
          '. It holds password hashes and secrets: keep it as safe as the server.',
      );
      return;
    }
    const problems = await notEmpty(site);
    if (problems.length > 0 && !values.force)
      throw new Error(
        `${problems.join('; ')}. Restore into an empty DATA_DIR or database, ` +
          'or add --force to replace everything there',
      );
    if (problems.length > 0) {
      await emptyDatabase(site.databaseUrl);
      const uploads = path.join(config.DATA_DIR, 'uploads');
      if (!site.bucket && existsSync(uploads))
        for (const entry of readdirSync(uploads)) rmSync(path.join(uploads, entry), { recursive: true, force: true });
    }
    const summary = await restoreBackup(file, site);
    console.log(
      `restored ${file}: ${summary.rows} rows in ${summary.tables} tables, ${summary.files} uploaded files. ` +
        'Start the product (npm start) to bring its schema up to this version.',
    );
  } catch (error) {
    process.exitCode = 1;
    // Nothing was written: the database (embedded or not) is stopped or left as it was, below.
    console.error(
      `not ${mode === 'backup' ? 'backed up' : 'restored'}: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    if ('close' in storage && typeof storage.close === 'function') storage.close();
    await database.embedded?.stop();
  }
}

void main();
