import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, buildOtherProcess, type TestApp, useAccounts, useTestApp } from '../../test/helpers.ts';
import { minimalCv } from '../../test/cv.ts';

/**
 * Two app instances on one database stand for two processes: each keeps signed-in users in its own
 * memory, and a change made through one reaches the other through PostgreSQL's NOTIFY.
 */
describe('the session cache', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL });
  let other: TestApp['app'];

  const me = (cookie: string) => other.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  /** Polls the other process until it answers `status` (a NOTIFY takes a moment to arrive). */
  async function eventually(read: () => Promise<{ statusCode: number }>, status: number) {
    const deadline = Date.now() + 3000;
    let last = 0;
    while (Date.now() < deadline) {
      last = (await read()).statusCode;
      if (last === status) return last;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return last;
  }
  /** Waits until the other process is listening (its cache keeps nothing before). */
  async function warm(cookie: string) {
    for (let i = 0; i < 100; i++) {
      expect((await me(cookie)).statusCode).toBe(200);
      await t.db.execute(sql`alter table sessions disable trigger sessions_updated`);
      const token = decodeURIComponent(cookie.match(/aylal\.session_token=([^.;]+)/)![1]!);
      await t.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where token = ${token}`);
      const cached = (await me(cookie)).statusCode === 200;
      await t.db.execute(sql`update sessions set expires_at = now() + interval '1 day' where token = ${token}`);
      await t.db.execute(sql`alter table sessions enable trigger sessions_updated`);
      if (cached) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the other process never kept a session');
  }

  beforeAll(async () => {
    other = await buildOtherProcess(t);
  });
  afterAll(async () => {
    await other.close();
  });

  it('serves a signed-in request from memory, and forgets it when any process hears of a change', async () => {
    const cookie = await t.signUp('cached@example.com');
    // warm() proves the cache: the session expired in the database without a NOTIFY, yet the
    // other process still knew it.
    await warm(cookie);
    const signOut = await t.authPost('/sign-out', {}, { cookie });
    expect(signOut.statusCode).toBe(200);
    expect(await eventually(() => me(cookie), 401)).toBe(401);
  });

  it('a demotion made in one process ends the back office in the other at once', async () => {
    const cookie = await t.signUp('boss-two@example.com');
    const id = ((await t.get('/api/me', { cookie })).json() as { id: string }).id;
    const patch = (role: string) =>
      t.send('PATCH', `/api/admin/users/${id}/role`, { cookie: accounts.admin, body: { role } });
    expect((await patch('admin')).statusCode).toBe(200);
    const adminList = () => other.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
    expect(await eventually(adminList, 200)).toBe(200);
    await warm(cookie);
    expect((await patch('user')).statusCode).toBe(200);
    expect(await eventually(adminList, 401)).toBe(401);
  });

  it('a write answered by this process is seen by the writer’s very next request', async () => {
    const cookie = await t.signUp('writer@example.com');
    for (let i = 0; i < 3; i++) expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ hasCV: false });
    const saved = await t.send('PUT', '/api/cv', {
      cookie,
      body: minimalCv({ fullName: 'Writer', email: 'writer@example.com' }),
    });
    expect(saved.statusCode).toBe(201);
    expect((await t.get('/api/me', { cookie })).json()).toMatchObject({ hasCV: true });
  });
});
