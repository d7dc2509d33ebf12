import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from './db/embedded.ts';
import { DEFAULT_PASSWORD, ORIGIN } from '../test/helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX_CLI = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

interface Postmaster {
  pid: number;
  port: number;
}

/** postmaster.pid: the server's pid on line 1, its port on line 4. */
function readPostmaster(dataDir: string): Postmaster {
  const lines = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

interface Write {
  email: string;
  status: number;
  at: number;
}

/**
 * The real server (`server.ts` in a process of its own, embedded PostgreSQL in a temporary
 * DATA_DIR), its database killed outright while sign-ups keep coming.
 */
describe('the server when its embedded PostgreSQL dies', () => {
  let dataDir: string;
  let baseUrl: string;
  let server: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;

  const health = async () => {
    try {
      return (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) })).status;
    } catch {
      return 0;
    }
  };

  const waitForHealth = async (status: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await health()) === status) return Date.now();
      await sleep(100);
    }
    throw new Error(`/api/health never answered ${status}; server output:\n${output}`);
  };

  const signUp = async (email: string): Promise<number> => {
    try {
      const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEFAULT_PASSWORD, name: 'Load' }),
        signal: AbortSignal.timeout(20_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    // Reachable by the `postgres` user the embedded server runs as when we are root.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'aylal-recovery-'));
    chmodSync(dataDir, 0o755);
    const port = await findFreePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      AUTH_RATE_LIMIT: '10000',
      SEED_DEMO: 'false',
      SERVER_RENDERING: 'false',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, [TSX_CLI, path.join(ROOT, 'server', 'src', 'server.ts')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
    await waitForHealth(200, 90_000);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps fsync and synchronous commits on, so a committed write survives a crash', async () => {
    const { port } = readPostmaster(dataDir);
    const password = readFileSync(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8').trim();
    const client = new pg.Client({ connectionString: `postgres://aylal:${password}@127.0.0.1:${port}/aylal` });
    await client.connect();
    try {
      for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) {
        const { rows } = await client.query<{ value: string }>(`select current_setting('${setting}') as value`);
        expect(rows[0]?.value, setting).toBe('on');
      }
    } finally {
      await client.end();
    }
  });

  it('answers 503 while it is down, restarts it, and loses no acknowledged write', async () => {
    const writes: Write[] = [];
    let next = 0;
    let isLoading = true;
    const worker = async () => {
      while (isLoading) {
        const email = `load-${next++}@example.com`;
        writes.push({ email, status: await signUp(email), at: Date.now() });
      }
    };
    const acknowledged = () => writes.filter((write) => write.status === 200);
    const workers = Array.from({ length: 4 }, worker);

    while (acknowledged().length < 8) await sleep(50);
    const before = readPostmaster(dataDir);
    process.kill(before.pid, 'SIGKILL');
    const killedAt = Date.now();

    const downAt = await waitForHealth(503, 10_000);
    const backAt = await waitForHealth(200, 30_000);
    while (acknowledged().filter((write) => write.at > backAt).length < 8) await sleep(50);
    isLoading = false;
    await Promise.all(workers);

    // Health says so at once, and the server is still the same process.
    expect(downAt - killedAt).toBeLessThan(2000);
    expect(server.exitCode).toBeNull();
    const after = readPostmaster(dataDir);
    expect(after.pid).not.toBe(before.pid);
    expect(after.port).toBe(before.port);
    expect(output).toContain('stopped unexpectedly');

    // No 500 and no dropped connection: 200, or 503 while the database was away.
    expect(writes.filter((write) => write.status !== 200 && write.status !== 503)).toEqual([]);
    expect(writes.some((write) => write.status === 503)).toBe(true);
    // One warning line per refused request, never a stack.
    expect(output).not.toMatch(/^\s+at /m);

    // Every write the server acknowledged is there after the crash.
    const password = readFileSync(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8').trim();
    const client = new pg.Client({ connectionString: `postgres://aylal:${password}@127.0.0.1:${after.port}/aylal` });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>(`select email from users where email like 'load-%'`);
      const stored = new Set(rows.map((row) => row.email));
      const lost = acknowledged().filter((write) => !stored.has(write.email));
      expect(lost).toEqual([]);
      expect(acknowledged().length).toBeGreaterThanOrEqual(16);
    } finally {
      await client.end();
    }
  }, 90_000);

  it('exits non-zero with one message naming the data directory when PostgreSQL cannot come back', async () => {
    const { pid } = readPostmaster(dataDir);
    // PostgreSQL refuses a data directory others may write to: every restart attempt fails.
    chmodSync(path.join(dataDir, 'postgres'), 0o777);
    process.kill(pid, 'SIGKILL');
    const code = await exited;
    expect(code).toBe(1);
    const message = output.split('\n').find((line) => line.includes('could not be restarted'));
    expect(message).toContain(path.join(dataDir, 'postgres'));
    expect(message).toContain('invalid permissions');
  }, 60_000);
});
