/**
 * `NODE_ENV=production npm start` refuses the settings that suit a laptop and not an agency's
 * customers, each with a line naming what to set (issue 26): the real server, in a process of its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { users } from './db/schema/index.ts';
import { DEMO_ADMIN_EMAIL } from './db/seed.ts';
import { findFreePort } from './db/embedded.ts';
import { productionRefusals } from './production-start.ts';
import { useTestApp } from '../test/helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX_CLI = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const SECRET = 'production-secret-that-is-at-least-32-characters';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aylal-production-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Settings production accepts. */
const GOOD = {
  NODE_ENV: 'production',
  AUTH_SECRET: SECRET,
  DATA_DIR: dataDir,
  PUBLIC_URL: 'https://aylal.example',
  SMTP_URL: 'smtp://127.0.0.1:2525',
};

/** `server.ts` as `npm start` runs it, with `env` only; resolves once it exits or its health answers 200. */
async function start(env: Record<string, string>): Promise<{ exitCode: number | null; output: string }> {
  const port = await findFreePort();
  const server = spawn(process.execPath, [TSX_CLI, path.join(ROOT, 'server', 'src', 'server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  const healthy = (async () => {
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return 'healthy' as const;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const first = await Promise.race([exited, healthy]);
  if (first !== 'healthy') return { exitCode: first, output };
  server.kill('SIGTERM');
  await exited;
  return { exitCode: null, output };
}

describe('a production start', () => {
  it('names each setting that is wrong for production, and none in development or with the right ones', () => {
    const refusals = (env: Record<string, string>) => productionRefusals(loadConfig({ ...GOOD, ...env }));
    expect(refusals({})).toEqual([]);
    expect(refusals({ PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
    expect(refusals({ PUBLIC_URL: 'http://127.0.0.1:3000' })).toEqual([]);
    expect(refusals({ PUBLIC_URL: '' })).toEqual([]); // http://localhost:PORT
    expect(
      refusals({ NODE_ENV: 'development', SEED_DEMO: 'true', PUBLIC_URL: 'http://aylal.example', SMTP_URL: '' }),
    ).toEqual([]);
    expect(refusals({ SEED_DEMO: 'true' })).toEqual([expect.stringMatching(/^SEED_DEMO: .*unset SEED_DEMO/)]);
    expect(refusals({ PUBLIC_URL: 'http://aylal.example' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: set it to the https:\/\/ address .*http:\/\/aylal\.example/),
    ]);
    expect(refusals({ SMTP_URL: '' })).toEqual([expect.stringMatching(/^SMTP_URL: set it to your mail server/)]);
  });

  it('refuses before it starts anything, every problem at once (config.test.ts has a missing AUTH_SECRET)', async () => {
    const { exitCode, output } = await start({
      ...GOOD,
      SEED_DEMO: 'true',
      PUBLIC_URL: 'http://aylal.example',
      SMTP_URL: '',
    });
    expect(exitCode).toBe(1);
    expect(output).toContain('Aylal does not start in production with these settings:');
    for (const key of ['SEED_DEMO', 'PUBLIC_URL', 'SMTP_URL']) expect(output).toContain(`  - ${key}: `);
    expect(output).not.toContain('embedded PostgreSQL');
  }, 60_000);

  describe('on a database where the demo admin is still an admin', () => {
    const t = useTestApp();

    it('refuses until the demo account is a user, then starts', async () => {
      await t.signUp(DEMO_ADMIN_EMAIL, undefined, 'Aylal Admin', { verify: false });
      await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, DEMO_ADMIN_EMAIL));
      const env = { ...GOOD, DATABASE_URL: t.config.DATABASE_URL! };

      const refused = await start(env);
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toContain(`  - ${DEMO_ADMIN_EMAIL}: the demo back-office account is an admin`);

      await t.db.update(users).set({ role: 'user' }).where(eq(users.email, DEMO_ADMIN_EMAIL));
      const started = await start(env);
      expect(started.exitCode, started.output).toBeNull();
    }, 90_000);
  });
});
