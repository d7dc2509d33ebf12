import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Auth } from '../plugins/auth.ts';
import type { Db } from './client.ts';
import { DEMO_ADMIN_EMAIL } from './demo-admin.ts';
import { appMeta } from './schema/app-meta.ts';
import { users } from './schema/auth.ts';
import { DEMO_JOBS, DEMO_TRIPS } from './seeds/demo-data.ts';
import sharp from 'sharp';
import { addTripImage, insertTrips } from '../modules/trips/index.ts';
import { agencyToday } from '../lib/agency-clock.ts';
import type { Storage } from '../lib/storage.ts';
import { demoPicture } from './seeds/demo-pictures.ts';
import { addDays } from './seeds/synthetic-jobs.ts';
import { insertJobs } from '../modules/jobs/index.ts';

export interface SeedContext {
  db: Db;
  auth: Auth;
  storage: Storage;
  dataDir: string;
  log: (message: string) => void;
}

/** Each demo seed runs once per database; the key is remembered in app_meta. */
export interface Seed {
  key: string;
  run: (context: SeedContext) => Promise<void>;
}

export { DEMO_ADMIN_EMAIL };

/**
 * A back-office account for trying the product on a fresh machine. Its password is random, printed
 * once in the log and kept in DATA_DIR/secrets/demo-admin-password (docs/decisions/005).
 */
const demoAdmin: Seed = {
  key: 'demo-admin',
  async run({ db, auth, dataDir, log }) {
    const file = path.join(dataDir, 'secrets', 'demo-admin-password');
    const password = existsSync(file) ? readFileSync(file, 'utf8').trim() : randomBytes(9).toString('base64url');
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    if (!existing) {
      // Created verified (a .local address receives no mail) with its password, as a sign-up would.
      const context = await auth.$context;
      const user = await context.internalAdapter.createUser(
        {
          email: DEMO_ADMIN_EMAIL,
          name: 'Aylal Admin',
          emailVerified: true,
        },
        { method: 'email-password' },
      );
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: await context.password.hash(password),
      });
    }
    await db.update(users).set({ role: 'admin', emailVerified: true }).where(eq(users.email, DEMO_ADMIN_EMAIL));
    log(`demo back-office account: ${DEMO_ADMIN_EMAIL} / ${password} (also in ${file})`);
  },
};

/** A dozen published trips, in Mongolia and abroad, in both languages. */
const demoTrips: Seed = {
  key: 'demo-trips',
  async run({ db, storage }) {
    // Newest first lists them in the order they are written.
    const base = Date.now();
    const ids = await insertTrips(db, DEMO_TRIPS, (index) => new Date(base - index * 60_000));
    // Pictures for these trips only (a database filled for benchmarks keeps its trips bare).
    for (const [index, id] of ids.entries()) {
      const trip = DEMO_TRIPS[index]!;
      for (const variant of [0, 1, 2]) {
        const picture = await sharp(demoPicture(trip.continent, index * 3 + variant))
          .png()
          .toBuffer();
        await addTripImage(db, storage, null, id, picture, trip.destination);
      }
    }
  },
};

/** A dozen published jobs abroad, in both languages, open for weeks after the first start. */
const demoJobs: Seed = {
  key: 'demo-jobs',
  async run({ db }) {
    const today = await agencyToday(db);
    const base = Date.now();
    await insertJobs(
      db,
      DEMO_JOBS.map(({ daysOpen, ...job }) => ({ ...job, deadline: addDays(today, daysOpen), status: 'published' })),
      // Posted over the last days, newest first in the order they are written.
      (index) => new Date(base - index * 9 * 3_600_000),
    );
  },
};

/** Demo content for a first start. */
export const DEMO_SEEDS: Seed[] = [demoAdmin, demoTrips, demoJobs];

export async function runSeeds(context: SeedContext, seeds: Seed[] = DEMO_SEEDS): Promise<void> {
  for (const seed of seeds) {
    const key = `seed:${seed.key}`;
    const [done] = await context.db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
    if (done) continue;
    await seed.run(context);
    await context.db.insert(appMeta).values({ key, value: new Date().toISOString() }).onConflictDoNothing();
    context.log(`demo content seeded: ${seed.key}`);
  }
}
