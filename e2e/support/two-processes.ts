/**
 * Starts the product as two server processes sharing one PostgreSQL (the end-to-end run's own
 * database) and one S3-compatible store (the test server), behind a round-robin proxy: what
 * "Running several processes" in the README describes, for e2e/scale.spec.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateVapidKeys } from '../../server/src/delivery/vapid.ts';
import { startTestS3Server, type TestS3Server } from '../../server/test/s3-server.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../server/test/round-robin-proxy.ts';
import { SMTP_SINK_PORT } from './constants.ts';
import { laneDataDir } from './lanes.ts';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(e2eDir, '..');

/**
 * The URL of the database this worker's product uses: the embedded PostgreSQL in its lane's
 * DATA_DIR (see playwright.config.ts), whose port is in postmaster.pid and password in secrets/.
 */
export function e2eDatabaseUrl(): string {
  const dataDir = laneDataDir();
  const pid = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pid[3]);
  const password = readFileSync(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8').trim();
  return `postgres://aylal:${encodeURIComponent(password)}@127.0.0.1:${port}/aylal`;
}

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

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server on ${url} did not start in time:\n${output()}`);
}

export interface Cluster {
  /** The proxy: what the browser and PUBLIC_URL use. */
  url: string;
  /** Each process, reached directly (http://127.0.0.1:<port>). */
  backends: string[];
  proxy: RoundRobinProxy;
  s3: TestS3Server;
  adminEmail: string;
  /** Auth attempts allowed per address and minute, in both processes together. */
  authRateLimit: number;
  stop(): Promise<void>;
}

export async function startCluster({ authRateLimit = 6 } = {}): Promise<Cluster> {
  const s3 = await startTestS3Server();
  const ports = [await freePort(), await freePort()];
  const backends = ports.map((port) => `http://127.0.0.1:${port}`);
  const proxy = await startRoundRobinProxy(backends);
  const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const adminEmail = `scale-admin-${runId}@example.com`;
  const vapid = generateVapidKeys();
  // Shared by every process, as the README says; nothing else is (each has a DATA_DIR of its own).
  const shared = {
    DATABASE_URL: e2eDatabaseUrl(),
    STORAGE_URL: s3.storageUrl(`scale-${runId}`),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: proxy.url,
    TRUST_PROXY: '127.0.0.1,::1',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:scale@example.com',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
    ADMIN_EMAILS: adminEmail,
    AUTH_RATE_LIMIT: String(authRateLimit),
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const tsx = path.join(repoDir, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const children: ChildProcess[] = [];
  const outputs: string[] = [];
  const dataDirs: string[] = [];
  for (const [index, port] of ports.entries()) {
    const dataDir = path.join(e2eDir, '.tmp', `scale-${runId}-${index}`);
    mkdirSync(dataDir, { recursive: true });
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, [tsx, path.join(repoDir, 'server', 'src', 'server.ts')], {
      cwd: repoDir,
      env: { ...process.env, ...shared, PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    outputs[index] = '';
    const keep = (chunk: Buffer) => {
      outputs[index] = (outputs[index]! + chunk.toString()).slice(-4000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    children.push(child);
  }

  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            child.kill('SIGINT');
          }),
      ),
    );
    await proxy.close();
    await s3.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await Promise.all(children.map((child, index) => waitForHealth(backends[index]!, child, () => outputs[index]!)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: proxy.url, backends, proxy, s3, adminEmail, authRateLimit, stop };
}
