// A backup of the product (issue 26, docs/decisions/034): the database, read in one snapshot, the
// uploaded files (or, in a bucket, their keys), and the secrets generated into DATA_DIR, in one
// gzipped tar; and its restore into an empty database and storage.
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
} from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import tar from 'tar-stream';
import type { Storage } from '../lib/storage.ts';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const MANIFEST = 'aylal-backup.json';
const END = 'end';
/** Rows per file of a table in the backup (a file's size must be known before it is written). */
const ROWS_PER_PART = 5000;
/** Rows per INSERT of a restore. */
const ROWS_PER_INSERT = 500;
/** The embedded server's own password stays with its data directory; a new one has its own. */
const LOCAL_ONLY_SECRETS = new Set(['postgres-password']);

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** How many of the product's migrations its database had: a restore builds the schema to there. */
  migrations: number;
  tables: string[];
  /** The sequences' positions (references and the notifications' order), set after the rows. */
  sequences: { name: string; value: string; isCalled: boolean }[];
  /** `files`: the uploads are in the backup; `listing`: only their keys (a bucket backs itself up). */
  uploads: 'files' | 'listing';
  /** The secrets generated into DATA_DIR (AUTH_SECRET's, the VAPID keys, …), by file name. */
  secrets: string[];
}

/** What a backup is taken from, or restored into. */
export interface BackupSite {
  databaseUrl: string;
  storage: Storage;
  /** Uploads in an S3-compatible bucket (STORAGE_URL): only their keys go in a backup. */
  bucket: boolean;
  dataDir: string;
}

export interface BackupSummary {
  rows: number;
  tables: number;
  files: number;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Adds one file to the archive. */
function add(pack: tar.Pack, name: string, content: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) =>
    pack.entry({ name, mode: 0o600 }, content, (error) => (error ? reject(error) : resolve())),
  );
}

/**
 * Writes the backup to `file` (through a temporary file beside it, renamed at the end, readable by
 * its owner only: it holds password hashes and secrets). The database is read in one snapshot,
 * so the backup is consistent while the product runs.
 */
export async function writeBackup(file: string, site: BackupSite): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  written.catch(() => undefined);
  const client = await connect(site.databaseUrl);
  const summary: BackupSummary = { rows: 0, tables: 0, files: 0 };
  try {
    await client.query('begin isolation level repeatable read read only');
    const migrations = await client
      .query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations')
      .catch(() => {
        throw new Error('this database has no Aylal schema (no drizzle.__drizzle_migrations): nothing to back up');
      });
    const tables = (
      await client.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
      )
    ).rows.map((row) => row.name);
    const sequences: BackupManifest['sequences'] = [];
    for (const { name } of (
      await client.query<{ name: string }>(
        `select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
      )
    ).rows) {
      const [state] = (
        await client.query<{ value: string; called: boolean }>(
          `select last_value::text as value, is_called as called from public.${quoted(name)}`,
        )
      ).rows;
      sequences.push({ name, value: state!.value, isCalled: state!.called });
    }
    const secretsDir = path.join(site.dataDir, 'secrets');
    const secrets = existsSync(secretsDir)
      ? readdirSync(secretsDir).filter((name) => !LOCAL_ONLY_SECRETS.has(name) && /^[a-z0-9-]+$/.test(name))
      : [];
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      migrations: Number(migrations.rows[0]!.count),
      tables,
      sequences,
      uploads: site.bucket ? 'listing' : 'files',
      secrets,
    };
    await add(pack, MANIFEST, JSON.stringify(manifest, null, 2));

    for (const table of tables) {
      await client.query(
        `declare rows_out no scroll cursor for select to_jsonb(t)::text as row from ${quoted(table)} t`,
      );
      for (let part = 1; ; part += 1) {
        const { rows } = await client.query<{ row: string }>(`fetch ${ROWS_PER_PART} from rows_out`);
        if (rows.length === 0) break;
        await add(pack, `database/${table}/${String(part).padStart(6, '0')}.jsonl`, rows.map((r) => r.row).join('\n'));
        summary.rows += rows.length;
      }
      await client.query('close rows_out');
      summary.tables += 1;
    }
    await client.query('commit');

    const keys: string[] = [];
    for await (const stored of site.storage.list('')) {
      keys.push(stored.key);
      if (site.bucket) continue;
      const opened = await site.storage.open(stored.key);
      if (!opened) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      await add(pack, `uploads/${stored.key}`, Buffer.concat(chunks));
      summary.files += 1;
    }
    if (site.bucket) await add(pack, 'uploads.txt', keys.join('\n'));
    for (const name of secrets) await add(pack, `secrets/${name}`, readFileSync(path.join(secretsDir, name)));
    await add(pack, END, '');
    pack.finalize();
    await written;
    renameSync(partial, file);
    return summary;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What stands in the way of a restore into `site`: empty when it is empty. */
export async function notEmpty(site: BackupSite): Promise<string[]> {
  const client = await connect(site.databaseUrl);
  const found: string[] = [];
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    if (Number(rows[0]!.count) > 0) found.push(`the database has ${rows[0]!.count} tables`);
  } finally {
    await client.end();
  }
  for await (const stored of site.storage.list('')) {
    found.push(`the uploads are not empty (${stored.key}, …)`);
    break;
  }
  return found;
}

/** Empties the database (a restore told to go ahead over what is there). */
export async function emptyDatabase(databaseUrl: string): Promise<void> {
  const client = await connect(databaseUrl);
  try {
    await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
  } finally {
    await client.end();
  }
}

/** Builds the schema as the backup's version had it: its first `count` migrations, no further. */
async function migrateTo(databaseUrl: string, count: number): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  if (journal.entries.length < count)
    throw new Error(
      `the backup comes from a newer version of Aylal (${count} migrations; this one has ${journal.entries.length}): ` +
        'restore it with that version or a later one',
    );
  const folder = await mkdtemp(path.join(os.tmpdir(), 'aylal-restore-'));
  try {
    await cp(MIGRATIONS_DIR, folder, { recursive: true });
    await writeFile(
      path.join(folder, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
    );
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      await migrate(drizzle(pool), { migrationsFolder: folder });
    } finally {
      await pool.end();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Inserts rows of `table` as they were (its triggers and foreign keys are off for the restore). */
async function insertRows(client: pg.Client, table: string, rows: string[]): Promise<void> {
  const { rows: columns } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [`public.${quoted(table)}`],
  );
  const list = columns.map((column) => quoted(column.name)).join(', ');
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await client.query(
      `insert into public.${quoted(table)} (${list}) overriding system value
       select ${list} from jsonb_populate_recordset(null::public.${quoted(table)}, $1::jsonb)`,
      [`[${rows.slice(start, start + ROWS_PER_INSERT).join(',')}]`],
    );
  }
}

/**
 * Restores `file` into an empty site: the schema to the backup's version, every row in one
 * transaction (committed only once the whole file has been read), the sequences, the uploads
 * (into the site's storage) and the generated secrets. The product's next start migrates on.
 */
export async function restoreBackup(file: string, site: BackupSite): Promise<BackupSummary> {
  const summary: BackupSummary = { rows: 0, tables: 0, files: 0 };
  let manifest: BackupManifest | undefined;
  let client: pg.Client | undefined;
  let complete = false;
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  reading.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const content = Buffer.concat(chunks);
      const name = entry.header.name;
      if (!manifest) {
        if (name !== MANIFEST) throw new Error('not an Aylal backup (it does not start with its manifest)');
        manifest = JSON.parse(content.toString('utf8')) as BackupManifest;
        if (manifest.format !== 1)
          throw new Error(`a backup of format ${String(manifest.format)} is not one this version reads`);
        await migrateTo(site.databaseUrl, manifest.migrations);
        client = await connect(site.databaseUrl);
        await client.query('begin');
        // Rows go back as they were: no trigger fires, no foreign key is checked on the way.
        await client.query('set local session_replication_role = replica').catch((error: unknown) => {
          throw new Error(
            `restoring needs a superuser of the database (to restore rows without firing triggers): ${String(error)}`,
          );
        });
        // What the migrations wrote (default settings rows) makes way for the backup's.
        for (const table of manifest.tables) await client.query(`delete from public.${quoted(table)}`);
        continue;
      }
      const row = /^database\/([a-z0-9_]+)\/\d+\.jsonl$/.exec(name);
      if (row && manifest.tables.includes(row[1]!)) {
        const lines = content.toString('utf8').split('\n').filter(Boolean);
        await insertRows(client!, row[1]!, lines);
        summary.rows += lines.length;
      } else if (name.startsWith('uploads/')) {
        await site.storage.put(name.slice('uploads/'.length), content);
        summary.files += 1;
      } else if (name.startsWith('secrets/')) {
        const secret = name.slice('secrets/'.length);
        if (!manifest.secrets.includes(secret)) continue;
        mkdirSync(path.join(site.dataDir, 'secrets'), { recursive: true, mode: 0o700 });
        await writeFile(path.join(site.dataDir, 'secrets', secret), content, { mode: 0o600 });
      } else if (name === END) {
        complete = true;
      }
    }
    await reading;
    if (!manifest || !client) throw new Error('not an Aylal backup (no manifest)');
    if (!complete)
      throw new Error('the backup is incomplete (cut short while written or copied): nothing was restored');
    for (const sequence of manifest.sequences)
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        `public.${quoted(sequence.name)}`,
        sequence.value,
        sequence.isCalled,
      ]);
    await client.query('commit');
    summary.tables = manifest.tables.length;
    return summary;
  } catch (error) {
    await client?.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    extract.destroy();
    await client?.end().catch(() => undefined);
  }
}
