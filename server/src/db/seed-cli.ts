// `npm run seed -- --trips 100000`: fills the configured database (DATABASE_URL, or the embedded
// one in DATA_DIR, as `npm start` would use) with a large synthetic catalogue for benchmarks.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { createDb, migrateDb } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { seedSyntheticTrips } from './seeds/synthetic-trips.ts';

async function main() {
  const { values } = parseArgs({ options: { trips: { type: 'string' } } });
  const count = Number(values.trips ?? 0);
  if (!Number.isInteger(count) || count <= 0) {
    console.error('usage: npm run seed -- --trips <count>');
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir: config.DATA_DIR });
  const db = createDb(config.DATABASE_URL ?? embedded!.url);
  try {
    await migrateDb(db);
    const started = Date.now();
    console.log(`seeding ${count} trips ...`);
    await seedSyntheticTrips(db, count, console.log);
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

void main();
