/**
 * Backups by command (issue 26, docs/decisions/034): `npm run backup` of a product with data,
 * `npm run restore` into a new, empty DATA_DIR (whose embedded database it starts), and the
 * product started there finds the same accounts, applications and files; a second restore into it
 * is refused.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { VisaApplication, VisaDocument } from '@aylal/shared/schemas/visa';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import {
  ADMIN_EMAIL,
  cookieHeader,
  DEFAULT_PASSWORD,
  multipart,
  ORIGIN,
  requestsTo,
  useAccounts,
  useTestApp,
} from '../../test/helpers.ts';
import { makePdf } from '../../test/pdfs.ts';
import { createDb, migrateDb } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECRET = 'test-secret-that-is-at-least-32-characters-long';
const OWNER = 'backup-owner@example.com';

/** `npm run backup|restore -- FILE` as the README says, with this environment; its output and exit code. */
async function run(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/src/db/backup-cli.ts', command, file],
      { cwd: root, env: { PATH: process.env.PATH ?? '', AUTH_SECRET: SECRET, ...env }, timeout: 120_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('npm run backup and npm run restore', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL, owner: OWNER });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aylal-backup-'));
  // As root the embedded PostgreSQL runs as "postgres", which must reach the data directory.
  chmodSync(dir, 0o755);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('restores accounts, applications and files into a new data directory the product then starts on', async () => {
    const draft = (await t.send('POST', '/api/visa-applications', { cookie: accounts.owner })).json<VisaApplication>();
    const pdf = await makePdf();
    const uploaded = await t.send('POST', `/api/visa-applications/${draft.id}/documents`, {
      cookie: accounts.owner,
      raw: multipart({ kind: 'passport' }, { name: 'passport.pdf', type: 'application/pdf', data: pdf }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const document = uploaded.json<VisaDocument>();
    const kept = (
      await t.get(`/api/visa-applications/${draft.id}/documents/${document.id}`, { cookie: accounts.owner })
    ).rawPayload;
    // A directory of its own for each try (a retried test starts afresh).
    const attempt = mkdtempSync(path.join(dir, 'try-'));
    chmodSync(attempt, 0o755);
    const file = path.join(attempt, 'aylal.tar.gz');
    const restored = path.join(attempt, 'restored');

    const backup = await run('backup', file, { DATABASE_URL: t.config.DATABASE_URL!, DATA_DIR: t.config.DATA_DIR });
    expect(backup, backup.output).toMatchObject({ code: 0 });
    const [, rows, files] =
      /backup written to .*: (\d+) rows in \d+ tables, (\d+) uploaded files/.exec(backup.output) ?? [];
    expect(Number(files)).toBeGreaterThan(0);
    // It holds password hashes: its owner's alone.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restore = await run('restore', file, { DATA_DIR: restored });
    expect(restore, restore.output).toMatchObject({ code: 0 });
    expect(restore.output).toContain(`: ${rows} rows in`);
    expect(restore.output).toContain(`, ${files} uploaded files`);

    // The product, started on the restored directory as `npm start` would.
    const embedded = await startEmbeddedPostgres({ dataDir: restored });
    const db = createDb(embedded.url, 3);
    try {
      await migrateDb(db);
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: restored,
        DATABASE_URL: embedded.url,
        PUBLIC_URL: ORIGIN,
        ADMIN_EMAILS: ADMIN_EMAIL,
        AUTH_SECRET: SECRET,
        LOG_LEVEL: 'silent',
      });
      const app = await buildApp({
        config,
        db,
        mailer: { send: async () => {} },
        sweep: { start: false },
        webDistDir: null,
      });
      try {
        await app.ready();
        const { authPost, get, send } = requestsTo(app);
        const signIn = async (email: string) => {
          const response = await authPost('/sign-in/email', { email, password: DEFAULT_PASSWORD });
          expect(response.statusCode, response.body).toBe(200);
          return cookieHeader(response);
        };
        const owner = await signIn(OWNER);
        const mine = (await get(`/api/visa-applications/${draft.id}`, { cookie: owner })).json<VisaApplication>();
        expect(mine.documents.map((one) => one.id)).toEqual([document.id]);
        const scan = await get(`/api/visa-applications/${draft.id}/documents/${document.id}`, { cookie: owner });
        expect(scan.statusCode).toBe(200);
        expect(scan.rawPayload.equals(kept)).toBe(true);
        // Staff are staff still, and see the same accounts.
        const users = await get('/api/admin/users', { cookie: await signIn(ADMIN_EMAIL) });
        expect(users.statusCode).toBe(200);
        expect(users.json<{ total: number }>().total).toBe(2);
        // The copy goes on where the original stopped: a new application takes a new id and place.
        expect((await send('POST', '/api/visa-applications', { cookie: owner })).statusCode).toBe(201);
      } finally {
        await app.close();
      }
    } finally {
      await db.$client.end();
      await embedded.stop();
    }

    // Once restored, the directory is no longer empty: a second restore changes nothing.
    const again = await run('restore', file, { DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.output).toContain('not restored: the database has');
    expect(again.output).toContain('--force');
  });
});
