import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '../db/embedded.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TSX_CLI = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export interface ServerProcess {
  baseUrl: string;
  port: number;
  pid: number;
  /** Its exit code once it has exited (null: killed by a signal). */
  exited: Promise<number | null>;
  /** What the process printed (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * For tests and benchmarks that need several real processes: the real server
 * (`server/src/server.ts`, as `npm start` runs it) in a process of its own on a free port, against
 * `databaseUrl` (an existing database; it migrates it, a no-op when another process already did).
 * Resolves once /api/health answers 200. The defaults are a test's; `env` overrides them (a
 * PORT given there is used: a process started again where another one stopped).
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await findFreePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aylal-process-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, TSX_CLI, path.join(ROOT, 'server', 'src', 'server.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://localhost:3000',
        AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
        AUTH_RATE_LIMIT: '10000',
        SEED_DEMO: 'false',
        SERVER_RENDERING: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000).then(() => child.kill('SIGKILL'))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server never became healthy:\n${output}`);
    }
    await sleep(100);
  }
  return { baseUrl, port, pid: child.pid!, exited, output: () => output, stop };
}
