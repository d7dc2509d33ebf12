#!/usr/bin/env node
// Start-to-healthy: the time from `npm start` to the first 200 from /api/health, for a first start
// (fresh DATA_DIR; with --clean, no web build either) and for a second start on the same DATA_DIR,
// which must reuse both the build and the database.
//   node scripts/bench-start.mjs [--clean] [--port 3999]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const isClean = args.includes('--clean');
const port = Number(args[args.indexOf('--port') + 1] || 3999);

async function isHealthy() {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

/** Runs `npm start` until healthy, then stops it as Ctrl-C would; returns the milliseconds taken. */
async function timeStart(dataDir) {
  const startedAt = performance.now();
  // Its own process group, so that one signal reaches npm, the server and PostgreSQL, like Ctrl-C.
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    while (!(await isHealthy())) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      await sleep(50);
    }
    return performance.now() - startedAt;
  } finally {
    process.kill(-child.pid, 'SIGINT');
    await exited;
  }
}

if (isClean) {
  for (const dir of ['dist', 'dist-server']) rmSync(path.join(root, 'web', dir), { recursive: true, force: true });
}
// Reachable by the `postgres` user the embedded server runs as when this runs as root.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aylal-bench-start-'));
rmSync(dataDir, { recursive: true });
try {
  const first = await timeStart(dataDir);
  const second = await timeStart(dataDir);
  console.log(`first start${isClean ? ' (clean build)' : ''}: ${(first / 1000).toFixed(1)} s`);
  console.log(`second start: ${(second / 1000).toFixed(1)} s`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
