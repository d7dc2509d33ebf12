// `npm run bench:api [-- --trips 100000 --jobs 100000 --seconds 10 --connections 50]`: seeds a fresh
// database with a large trip catalogue and as many jobs, serves the API on a local port and loads
// GET /api/trips with typical filter mixes and GET /api/jobs with typical text searches at 50
// concurrent connections, beside a trivial route measured in the same run. Prints requests per
// second and p50/p95/p99 latency; the target is p95 under 20 ms for the typical mixes, served as
// the product serves them (answers shared for a few seconds). The "every request distinct" lines
// show the database alone: 50 clients waiting on 2 cores, so their latency is their queue
// (latency = clients / throughput), for information.
import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, migrateDb } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { seedSyntheticJobs } from '../db/seeds/synthetic-jobs.ts';
import { seedSyntheticTrips } from '../db/seeds/synthetic-trips.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    trips: { type: 'string', default: '100000' },
    jobs: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const tripCount = Number(values.trips);
const jobCount = Number(values.jobs);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/** What visitors typically ask: the first pages, one or two filters at a time. */
const TYPICAL = [
  '/api/trips',
  '/api/trips?page=2',
  '/api/trips?continent=asia',
  '/api/trips?continent=europe&type=group',
  '/api/trips?type=couple',
  '/api/trips?tags=nature',
  '/api/trips?tags=culture,city',
  '/api/trips?destination=gobi',
  '/api/trips?destination=seoul',
  '/api/trips?destination=%D0%93%D0%BE%D0%B2%D1%8C', // Говь
  '/api/trips?from=2027-07-01&to=2027-07-31',
  '/api/trips?from=2027-03-01&to=2027-03-15&guests=4',
  '/api/trips?guests=2',
  '/api/trips?minPrice=500&maxPrice=1500',
  '/api/trips?maxPrice=1000&continent=asia',
  '/api/trips?continent=asia&tags=nature&type=group',
  '/api/trips?destination=alps&page=2',
  '/api/trips?minPrice=2000&sort=',
].map((p) => p.replace('&sort=', ''));

/** What job seekers typically type: a trade, a country or a city, a skill, with or without a type. */
const TYPICAL_JOBS = [
  '/api/jobs',
  '/api/jobs?page=2',
  '/api/jobs?q=welder',
  '/api/jobs?q=korea',
  '/api/jobs?q=care',
  '/api/jobs?q=driver&type=full-time',
  '/api/jobs?q=osaka',
  '/api/jobs?q=react',
  '/api/jobs?q=%D0%B3%D0%B0%D0%B3%D0%BD%D1%83%D1%83%D1%80', // гагнуур
  '/api/jobs?q=%D0%A1%D0%BE%D0%BB%D0%BE%D0%BD%D0%B3%D0%BE%D1%81', // Солонгос
  '/api/jobs?type=remote',
  '/api/jobs?type=contract&page=3',
  '/api/jobs?q=nurse%20germany',
  '/api/jobs?q=hotel%20dubai',
  '/api/jobs?q=farm',
  '/api/jobs?q=electrician&type=part-time',
];

/** A mix with every request distinct (page numbers), for the database's own speed. */
function distinct(mix: string[], count: number) {
  return Array.from({ length: count }, (_, index) => {
    const base = mix[index % mix.length]!;
    return `${base}${base.includes('?') ? '&' : '?'}page=${1 + (Math.floor(index / mix.length) % 40)}`.replace(
      /page=\d+&page=/,
      'page=',
    );
  });
}

// Asynchronous: the server under load lives in this process's event loop.
async function load(url: string, paths: string[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(here, 'load.mjs'), JSON.stringify({ url, paths, connections, seconds })],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as { requests: number; rps: number; p50: number; p95: number; p99: number; errors: number };
}

/** A latency for the table: one decimal below a second ("8.4 ms"), whole milliseconds above. */
const ms = (value: number) => `${value < 1000 ? value.toFixed(1) : value.toFixed(0)} ms`.padStart(9);

async function main() {
  const dataDir = mkdtempSync(path.join(process.env.BENCH_TMP ?? '/tmp', 'aylal-bench-'));
  chmodSync(dataDir, 0o755);
  const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir });
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  const db = createDb(databaseUrl, 10);
  try {
    await migrateDb(db);
    console.log(`seeding ${tripCount.toLocaleString('en-US')} trips into a fresh database ...`);
    const started = Date.now();
    await seedSyntheticTrips(db, tripCount);
    console.log(`seeding ${jobCount.toLocaleString('en-US')} jobs ...`);
    await seedSyntheticJobs(db, jobCount);
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // [name, paths, seconds answers are shared, held to the target]
    const scenarios: [string, string[], number, boolean][] = [
      ['trivial route GET /api/config', ['/api/config'], 5, false],
      ['GET /api/trips, typical mix', TYPICAL, 5, true],
      ['GET /api/jobs, typical text searches', TYPICAL_JOBS, 5, true],
      ['GET /api/trips, every request distinct (database)', distinct(TYPICAL, 2000), 0, false],
      ['GET /api/jobs, every request distinct (database)', distinct(TYPICAL_JOBS, 2000), 0, false],
    ];
    console.log(`\n${connections} connections, ${seconds} s per scenario\n`);
    console.log('scenario                                               req/s       p50       p95       p99  errors');
    let failed = false;
    for (const [name, paths, cacheSeconds, heldToTarget] of scenarios) {
      const config = loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'silent',
        CATALOGUE_CACHE_SECONDS: String(cacheSeconds),
        SEED_DEMO: 'false',
      });
      const app = await buildApp({ config, db, webDistDir: null, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      await load(url, paths.slice(0, 50)); // warm-up
      const result = await load(url, paths);
      await app.close();
      const over = heldToTarget && result.p95 >= 20;
      failed ||= over || result.errors > 0;
      console.log(
        `${name.padEnd(53)} ${result.rps.toFixed(0).padStart(6)} ${[result.p50, result.p95, result.p99].map(ms).join(' ')} ${String(result.errors).padStart(7)}${over ? '  p95 over 20 ms' : ''}`,
      );
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    await db.$client.end();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
