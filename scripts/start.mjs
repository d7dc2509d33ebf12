#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// (embedded PostgreSQL, migrations and demo content included). Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'web', 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

function webIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return [path.join(root, 'web'), path.join(root, 'shared', 'src')].some((dir) => newestMtime(dir) > built);
}

if (webIsStale()) {
  console.log('building the web app ...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
// A .env file beside package.json, when there is one, is read by Node itself (see .env.example).
const envFile = path.join(root, '.env');
const nodeArgs = existsSync(envFile) ? [`--env-file=${envFile}`] : [];
const server = spawn(process.execPath, [...nodeArgs, tsxCli, path.join(root, 'server', 'src', 'server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

// The terminal's Ctrl-C reaches the server itself; a signal sent to this process only is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
