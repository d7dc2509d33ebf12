#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// (embedded PostgreSQL, migrations and demo content included). Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'web');
/**
 * What `npm run build -w web` writes, in the order it writes it: the browser build (index.html
 * among it), then the server renderer. None of it is a source.
 */
const BUILD_OUTPUTS = new Set(['node_modules', 'dist', 'dist-server']);
const builtArtefacts = [path.join(webDir, 'dist', 'index.html'), path.join(webDir, 'dist-server', 'entry-server.js')];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (BUILD_OUTPUTS.has(entry.name) || entry.name.endsWith('.tsbuildinfo')) continue;
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

/** Stale when an artefact is missing or a source is newer than the oldest one (a build cut short). */
function webIsStale() {
  if (!builtArtefacts.every((file) => existsSync(file))) return true;
  const built = Math.min(...builtArtefacts.map((file) => statSync(file).mtimeMs));
  // The words (locales/) are bundled into the build too.
  return [webDir, path.join(root, 'shared', 'src'), path.join(root, 'locales')].some((dir) => newestMtime(dir) > built);
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
