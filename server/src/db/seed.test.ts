import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../test/helpers.ts';
import { users } from './schema/auth.ts';
import { outbox } from './schema/mail.ts';
import { DEMO_ADMIN_EMAIL, runSeeds } from './seed.ts';

describe('demo seeds', () => {
  const t = useTestApp();
  const logged: string[] = [];

  const seed = () =>
    runSeeds({
      db: t.db,
      auth: t.app.auth,
      storage: t.app.uploads,
      dataDir: t.config.DATA_DIR,
      log: (message) => logged.push(message),
    });

  it('creates a back-office account whose password is kept in DATA_DIR and printed once', async () => {
    await seed();
    const password = readFileSync(path.join(t.config.DATA_DIR, 'secrets', 'demo-admin-password'), 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(logged.some((line) => line.includes(DEMO_ADMIN_EMAIL) && line.includes(password))).toBe(true);

    const cookie = await t.signIn(DEMO_ADMIN_EMAIL, password);
    const me = await t.get('/api/me', { cookie });
    expect(me.json()).toMatchObject({ email: DEMO_ADMIN_EMAIL, role: 'admin', emailVerified: true });
    // Created verified: no link is mailed to its .local address.
    expect(await t.db.select().from(outbox).where(eq(outbox.to, DEMO_ADMIN_EMAIL))).toEqual([]);
    const admin = await t.get('/api/admin/users', { cookie });
    expect(admin.statusCode).toBe(200);
  });

  it('publishes a dozen bilingual demo trips', async () => {
    const response = (await t.get('/api/trips?pageSize=50')).json() as {
      total: number;
      items: { title: { en: string; mn: string } }[];
    };
    expect(response.total).toBe(12);
    for (const item of response.items) {
      expect(item.title.en).not.toBe('');
      expect(item.title.mn).toMatch(/[А-Яа-яЁёӨөҮү]/);
    }
  });

  it('runs once: a second start changes nothing', async () => {
    logged.length = 0;
    await seed();
    expect(logged).toEqual([]);
    const rows = await t.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(rows).toHaveLength(1);
    expect(((await t.get('/api/trips')).json() as { total: number }).total).toBe(12);
  });
});
