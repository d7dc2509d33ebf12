#!/usr/bin/env node
// `npm run bench:web`: builds the web app and prints the gzipped JavaScript and CSS each public
// route loads on a first visit (entry + its static imports + the route's lazy chunk + the English
// bundle), against the 130 KB budget of ARCHITECTURE.md for the landing route.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web', 'dist');
const BUDGET_KB = 130;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const UI = 'src/components/ui-provider.tsx';
// Every screen but the home page loads the error messages with its words (app/router.tsx).
const ns = (...names) =>
  [...names, ...(names.includes('landing') ? [] : ['error'])].map((name) => `../locales/en/${name}.json`);
// Each route: the chunks its first visit loads besides the entry (route code, the component
// library when the screen uses it, and its translation namespaces), as the router asks for them.
const ROUTES = [
  ['/', 'src/app/routes/home.tsx', ...ns('landing', 'landingNew')],
  ['/trips', 'src/app/routes/trips.tsx', 'src/components/query-provider.tsx', ...ns('tripsList')],
  [
    '/trips/:id',
    'src/app/routes/trip.tsx',
    'src/components/query-provider.tsx',
    ...ns('tripDetails', 'tripsList', 'transport'),
  ],
  ['/jobs', 'src/app/routes/jobs.tsx', UI, ...ns('jobs')],
  ['/visa (signed in)', 'src/app/routes/visa.tsx', UI, ...ns('visaApplicationForm')],
  ['/reset-password', 'src/app/routes/reset-password.tsx', UI, ...ns('auth')],
  ['/admin/settings', 'src/app/routes/admin/settings.tsx', 'src/app/layouts/admin-layout.tsx', UI, ...ns('admin')],
];

let failed = false;
console.log('\nroute                JS gzip    CSS gzip   files');
for (const [route, ...sources] of ROUTES) {
  const files = collect(entry);
  collect('../locales/en.ts', files);
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`no chunk for ${source} in the manifest`);
    collect(source, files);
  }
  const js = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
  const css = [...files].filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0);
  const over = route === '/' && js / 1024 > BUDGET_KB;
  failed ||= over;
  console.log(
    `${route.padEnd(20)} ${(js / 1024).toFixed(1).padStart(6)} KB ${(css / 1024).toFixed(1).padStart(7)} KB   ${files.size}${route === '/' ? `   (${js} of ${BUDGET_KB * 1024} bytes)` : ''}${over ? `   OVER the ${BUDGET_KB} KB budget` : ''}`,
  );
}
console.log(`\nbudget: the landing route (/) loads at most ${BUDGET_KB} KB of gzipped JavaScript`);
process.exit(failed ? 1 : 0);
