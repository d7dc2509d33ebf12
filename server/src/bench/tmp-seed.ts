import { createDb, migrateDb } from '../db/client.ts';
import { seedSyntheticTrips } from '../db/seeds/synthetic-trips.ts';
const db = createDb('postgres://postgres@127.0.0.1:5432/bench', 10);
await migrateDb(db);
await seedSyntheticTrips(db, 100000);
await db.$client.end();
