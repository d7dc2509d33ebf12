// `npm run seed -- --trips 100000 --jobs 100000 --visa 100000 --contact 100000`: fills the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR, as `npm start` would use) with large synthetic
// catalogues, visa applications and contact messages for benchmarks.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { createDb, migrateDb } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { seedSyntheticContact } from './seeds/synthetic-contact.ts';
import { seedSyntheticJobs } from './seeds/synthetic-jobs.ts';
import { seedSyntheticTrips } from './seeds/synthetic-trips.ts';
import { seedSyntheticVisa } from './seeds/synthetic-visa.ts';

async function main() {
  const { values } = parseArgs({
    options: {
      trips: { type: 'string' },
      jobs: { type: 'string' },
      visa: { type: 'string' },
      contact: { type: 'string' },
    },
  });
  const trips = Number(values.trips ?? 0);
  const jobs = Number(values.jobs ?? 0);
  const visa = Number(values.visa ?? 0);
  const contact = Number(values.contact ?? 0);
  const counts = [trips, jobs, visa, contact];
  if (!counts.every((count) => Number.isInteger(count) && count >= 0) || counts.every((count) => count === 0)) {
    console.error('usage: npm run seed -- [--trips <count>] [--jobs <count>] [--visa <count>] [--contact <count>]');
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
    if (trips) {
      console.log(`seeding ${trips} trips ...`);
      await seedSyntheticTrips(db, trips, console.log);
    }
    if (jobs) {
      console.log(`seeding ${jobs} jobs ...`);
      await seedSyntheticJobs(db, jobs, console.log);
    }
    if (visa) {
      console.log(`seeding ${visa} visa applications (and ${Math.floor(visa / 20)} drafts) ...`);
      await seedSyntheticVisa(db, visa, console.log);
    }
    if (contact) {
      console.log(`seeding ${contact} contact messages ...`);
      await seedSyntheticContact(db, contact, console.log);
    }
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

void main();
