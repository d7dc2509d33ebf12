import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appMeta } from './schema/app-meta.ts';

/** Each demo seed runs once per database; the key is remembered in app_meta. */
export interface Seed {
  key: string;
  run: (db: Db) => Promise<void>;
}

/** Demo content for a first start. Trips and jobs add theirs here as they are built. */
export const DEMO_SEEDS: Seed[] = [];

export async function runSeeds(db: Db, seeds: Seed[], log: (message: string) => void): Promise<void> {
  for (const seed of seeds) {
    const key = `seed:${seed.key}`;
    const [done] = await db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
    if (done) continue;
    await seed.run(db);
    await db.insert(appMeta).values({ key, value: new Date().toISOString() }).onConflictDoNothing();
    log(`demo content seeded: ${seed.key}`);
  }
}
