/**
 * One more product process with settings of its own (say STAFF_TWO_FACTOR=required), on the
 * end-to-end run's database (or, with `ownDatabase`, an embedded one of its own) and the built
 * web app, as e2e/support/two-processes.ts starts its two.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTP_SINK_PORT } from './constants.ts';
import { e2eDatabaseUrl } from './two-processes.ts';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(e2eDir, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ProductProcess {
  /** Its address, the PUBLIC_URL too. */
  url: string;
  /** The database it uses (its embedded one's port and password are read from DATA_DIR). */
  databaseUrl: string;
  stop(): Promise<void>;
}

/** The URL of an embedded PostgreSQL the product started in `dataDir` (port in postmaster.pid). */
function embeddedDatabaseUrl(dataDir: string): string {
  const pid = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8').trim();
  return `postgres://aylal:${encodeURIComponent(password)}@127.0.0.1:${Number(pid[3])}/aylal`;
}

export async function startProductProcess(
  env: Record<string, string>,
  {
    ownDatabase = false,
    // `localhost` where the browser needs a host name: passkeys are never offered on an IP address.
    hostName = '127.0.0.1',
  }: { ownDatabase?: boolean; hostName?: '127.0.0.1' | 'localhost' } = {},
): Promise<ProductProcess> {
  const port = await freePort();
  const url = `http://${hostName}:${port}`;
  const dataDir = path.join(e2eDir, '.tmp', `product-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`);
  mkdirSync(dataDir, { recursive: true });
  const tsx = path.join(repoDir, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child: ChildProcess = spawn(process.execPath, [tsx, path.join(repoDir, 'server', 'src', 'server.ts')], {
    cwd: repoDir,
    env: {
      ...process.env,
      ...(ownDatabase ? { DATABASE_URL: '' } : { DATABASE_URL: e2eDatabaseUrl() }),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const stop = async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGINT');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };

  // An embedded database of its own starts (and is migrated) first.
  const deadline = Date.now() + (ownDatabase ? 120_000 : 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        return { url, databaseUrl: ownDatabase ? embeddedDatabaseUrl(dataDir) : e2eDatabaseUrl(), stop };
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server on ${url} did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
