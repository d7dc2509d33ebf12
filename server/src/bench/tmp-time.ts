import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
const db = createDb('postgres://postgres@127.0.0.1:5432/bench', 10);
const config = loadConfig({
  NODE_ENV: 'production',
  AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
  DATA_DIR: '/tmp/lh',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bench',
  LOG_LEVEL: 'silent',
  CATALOGUE_CACHE_SECONDS: '0',
  SEED_DEMO: 'false',
});
const app = await buildApp({ config, db, webDistDir: null, logger: false });
const urls = process.argv.slice(2);
for (const url of urls) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    const r = await app.inject(url + (url.includes('?') ? '&' : '?') + `page=${3 + i}`);
    times.push(performance.now() - s);
    if (r.statusCode !== 200) console.log(r.statusCode, r.body.slice(0, 200));
  }
  times.sort((a, b) => a - b);
  console.log(times[2]!.toFixed(1).padStart(7), 'ms', url);
}
await app.close();
await db.$client.end();
