import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardQueueKey } from '@aylal/shared/dashboard';
import type { DashboardResponse } from '@aylal/shared/schemas/dashboard';
import { LISTEN_APPLICATION_NAME } from '../../lib/listen-for-changes.ts';
import {
  ADMIN_EMAIL,
  buildOtherProcess,
  readUntil,
  type TestApp,
  useAccounts,
  useTestApp,
} from '../../../test/helpers.ts';

/**
 * The staff dashboard as served (docs/decisions/020): each period's answer is kept in memory until
 * anything it counts changes, in this process or another. Two app instances on one database stand
 * for two processes; answers are kept for a minute here, so only a forgetting can show a change
 * within the few seconds a test waits. What each figure counts is in dashboard.test.ts.
 */
describe('the staff dashboard as served', () => {
  const t = useTestApp({ CATALOGUE_CACHE_SECONDS: '60' });
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL });
  let other: TestApp['app'];
  /** Another writer: a pool of its own, as a script or another service would be. */
  let writer: pg.Pool;
  let userId: string;
  /** A pending consultation only hidden changes touch (keptIn), and one other writers change. */
  let probe: string;
  let spare: string;

  async function dashboardIn(app: TestApp['app'], days = 30): Promise<DashboardResponse> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/dashboard?days=${days}`,
      headers: { cookie: accounts.admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DashboardResponse;
  }
  const waiting = async (app: TestApp['app'], key: DashboardQueueKey = 'consultationsToConfirm') =>
    (await dashboardIn(app)).queues.find((queue) => queue.key === key)!.total;
  /** Runs `change` with the dashboard's trigger on consultations off: no process hears of it. */
  async function unnotified(change: SQL) {
    await t.db.execute(sql`alter table consultations disable trigger consultations_changed_dashboard`);
    try {
      await t.db.execute(change);
    } finally {
      await t.db.execute(sql`alter table consultations enable trigger consultations_changed_dashboard`);
    }
  }
  /**
   * Waits until `app` keeps its answer (nothing is kept before its LISTEN connection is up): a
   * change no process hears of is not seen while the answer is kept. Answers the kept total.
   */
  async function keptIn(app: TestApp['app']): Promise<number> {
    for (let i = 0; i < 100; i++) {
      const before = await waiting(app);
      await unnotified(sql`update consultations set state = 'confirmed' where id = ${probe}`);
      const kept = (await waiting(app)) === before;
      await unnotified(sql`update consultations set state = 'pending' where id = ${probe}`);
      if (kept && before === (await pendingNow())) return before;
      // What the process began keeping meanwhile (it listened again half-way) may show the hidden
      // change: a notified change that changes nothing makes it forget.
      await t.db.execute(sql`update consultations set state = state where id = ${probe}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the dashboard was never kept');
  }
  /** The consultations waiting to be confirmed, counted in the database. */
  const pendingNow = async () =>
    (
      await t.db.execute<{ total: number }>(
        sql`select count(*)::int as total from consultations where state = 'pending' and ends_at > now()`,
      )
    ).rows[0]!.total;
  let slot = 0;
  async function pendingConsultation(): Promise<string> {
    const id = randomUUID();
    const startsAt = Date.now() + (2 * 24 + ++slot) * 3_600_000;
    await t.db.execute(sql`insert into consultations (id, user_id, starts_at, ends_at, state)
      values (${id}, ${userId}, ${new Date(startsAt).toISOString()}, ${new Date(startsAt + 1_800_000).toISOString()}, 'pending')`);
    return id;
  }

  beforeAll(async () => {
    await t.signUp('traveller@example.com');
    userId = (await t.db.execute<{ id: string }>(sql`select id from users where email = 'traveller@example.com'`))
      .rows[0]!.id;
    probe = await pendingConsultation();
    spare = await pendingConsultation();
    other = await buildOtherProcess(t);
    writer = new pg.Pool({ connectionString: t.config.DATABASE_URL, max: 1 });
  });
  afterAll(async () => {
    await writer?.end();
    await other?.close();
  });

  it('keeps each period’s answer, and forgets it at once when this process answers a change', async () => {
    const booked = await pendingConsultation();
    await keptIn(t.app);
    await keptIn(other);
    const before = await waiting(t.app);
    expect(await waiting(other)).toBe(before);

    // Staff confirm a consultation here while no process is notified: this process's next answer
    // shows it all the same (it forgot before answering), the other's still keeps its answer.
    await t.db.execute(sql`alter table consultations disable trigger consultations_changed_dashboard`);
    try {
      const confirmed = await t.send('POST', `/api/admin/consultations/${booked}/actions`, {
        cookie: accounts.admin,
        body: { action: 'confirm' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await waiting(t.app)).toBe(before - 1);
      expect(await waiting(other)).toBe(before);
    } finally {
      await t.db.execute(sql`alter table consultations enable trigger consultations_changed_dashboard`);
    }
    // Cancelling it, notified as usual, reaches the other process too.
    const cancelled = await t.send('POST', `/api/admin/consultations/${booked}/actions`, {
      cookie: accounts.admin,
      body: { action: 'cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(
      await readUntil(
        () => waiting(other),
        (total) => total === before - 1,
      ),
    ).toBe(before - 1);
  });

  it('forgets in every process a change another writer makes, through the database’s notification', async () => {
    const visaId = randomUUID();
    await writer.query(
      `insert into visa_applications (id, user_id, reference, state, name, form, submitted_at)
       values ($1, $2, 'V-CACHE-1', 'submitted', 'Cache Applicant', '{}'::jsonb, now())`,
      [visaId, userId],
    );
    const messageId = randomUUID();
    await writer.query(
      `insert into contact_messages (id, reference, type, state, title, name, email, thread_id, email_key, client_hash)
       values ($1, 'C-CACHE-1', 'general', 'new', 'A question', 'Cache Writer', 'cache@example.com',
         '<cache@aylal.test>', 'cache@example.com', 'hash')`,
      [messageId],
    );
    const changes: { what: string; key: DashboardQueueKey; change: () => Promise<unknown> }[] = [
      {
        what: 'a consultation confirmed',
        key: 'consultationsToConfirm',
        change: () => writer.query(`update consultations set state = 'confirmed' where id = $1`, [spare]),
      },
      {
        what: 'a visa application taken into review',
        key: 'visaToReview',
        change: () => writer.query(`update visa_applications set state = 'in-review' where id = $1`, [visaId]),
      },
      {
        what: 'a contact message answered',
        key: 'unansweredMessages',
        change: () => writer.query(`update contact_messages set state = 'waiting' where id = $1`, [messageId]),
      },
    ];
    for (const { what, key, change } of changes) {
      // Both processes hear of the inserts above before keeping what they count now.
      const before = await readUntil(
        () => waiting(t.app, key),
        (total) => total > 0,
      );
      expect(
        await readUntil(
          () => waiting(other, key),
          (total) => total === before,
        ),
        what,
      ).toBe(before);
      await keptIn(t.app);
      await keptIn(other);
      await change();
      for (const app of [t.app, other]) {
        expect(
          await readUntil(
            () => waiting(app, key),
            (total) => total === before - 1,
          ),
          what,
        ).toBe(before - 1);
      }
    }
  });

  it('keeps nothing while its LISTEN connection is down, and keeps again once it is back', async () => {
    const before = await keptIn(t.app);
    await unnotified(sql`update consultations set state = 'confirmed' where id = ${probe}`);
    try {
      expect(await waiting(t.app)).toBe(before); // kept: nobody heard of the change
      const { rowCount } = await writer.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = $1`,
        [LISTEN_APPLICATION_NAME],
      );
      expect(rowCount).toBe(2);
      // Deaf, the process forgot what it kept and keeps nothing until it listens again.
      expect(
        await readUntil(
          () => waiting(t.app),
          (total) => total === before - 1,
        ),
      ).toBe(before - 1);
    } finally {
      // Notified: heard as soon as the process listens again.
      await t.db.execute(sql`update consultations set state = 'pending' where id = ${probe}`);
    }
    expect(
      await readUntil(
        () => waiting(t.app),
        (total) => total === before,
      ),
    ).toBe(before);
    expect(await keptIn(t.app)).toBe(before);
  });
});
