import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminVisaListResponse, VisaApplication, VisaForm } from '@aylal/shared/schemas/visa';
import { ADMIN_EMAIL, buildOtherProcess, createTestApp, readUntil, type TestApp } from '../../../test/helpers.ts';
import { completeVisaForm, visaDependant, visaConsent } from '../../../test/visa.ts';
import { LISTEN_APPLICATION_NAME } from '../../lib/listen-for-changes.ts';
import { VISA_CHANGES_CHANNEL } from './list-cache.ts';

/**
 * Staff's list as the product serves it (docs/decisions/016): what a row shows is copied from the
 * answers at every save, and a page is kept in memory until anything it shows changes, in this
 * process or another. Two app instances on one database stand for two processes. The filters and
 * the search themselves are in visa-admin.test.ts.
 */
describe("staff's list of visa applications as served", () => {
  let t: TestApp;
  let other: TestApp['app'];
  let admin: string;
  let owner: string;

  const listIn = async (app: TestApp['app'], query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/visa-applications?${query}`,
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminVisaListResponse;
  };
  /**
   * Waits until `app` keeps the page of `query` (nothing is kept before its LISTEN connection is
   * up): a change made with the notifying trigger off is not seen while the page is kept.
   */
  async function keptIn(app: TestApp['app'], query: string, id: string) {
    // Until a deadline, not a count: on a loaded machine the LISTEN connection may take its retries.
    const deadline = Date.now() + 60_000;
    let tries = 0;
    while (Date.now() < deadline) {
      tries += 1;
      const before = await listIn(app, query);
      expect(before.items.map((item) => item.id)).toContain(id);
      await t.db.execute(sql`alter table visa_applications disable trigger visa_applications_updated`);
      await t.db.execute(sql`update visa_applications set name = 'Hidden Change' where id = ${id}`);
      const kept = (await listIn(app, query)).items.find((item) => item.id === id)?.name !== 'Hidden Change';
      await t.db.execute(sql`update visa_applications set name = ${before.items.find((item) => item.id === id)!.name}
                             where id = ${id}`);
      await t.db.execute(sql`alter table visa_applications enable trigger visa_applications_updated`);
      if (kept) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // What the process's LISTEN connection was doing, for the failure to tell a forgetting cache from a deaf one.
    const listeners = await t.db.execute(
      sql`select state, wait_event_type, wait_event, left(query, 60) as query from pg_stat_activity
          where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`,
    );
    throw new Error(
      `the list was never kept in ${tries} tries: this process's feed ${JSON.stringify(app.changeFeed.state(VISA_CHANGES_CHANNEL))}, ` +
        `LISTEN connections ${JSON.stringify(listeners.rows)}`,
    );
  }
  /** An application sent by `owner` with `form`. */
  async function sent(form: VisaForm): Promise<VisaApplication> {
    const created = (await t.send('POST', '/api/visa-applications', { cookie: owner })).json() as VisaApplication;
    const saved = await t.send('PUT', `/api/visa-applications/${created.id}`, {
      cookie: owner,
      body: { form },
      headers: { 'if-match': `"${created.version}"` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await t.send('POST', `/api/visa-applications/${created.id}/submit`, {
      cookie: owner,
      body: visaConsent(),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return submitted.json() as VisaApplication;
  }

  beforeAll(async () => {
    // Kept a minute: on a loaded machine a check of whether a page is kept may take longer than the
    // default 5 s between its two reads; every forgetting here comes from a change, never from time.
    t = await createTestApp({ CATALOGUE_CACHE_SECONDS: '60' });
    admin = await t.signUp(ADMIN_EMAIL);
    owner = await t.signUp('list-owner@example.com');
    other = await buildOtherProcess(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('shows the email and the passport’s last four as copied at every save, never read from the answers', async () => {
    const application = await sent(
      completeVisaForm({
        firstName: 'Сараа',
        lastName: 'Болд',
        email: 'Saraa.Bold@Example.com',
        passportNumber: 'e 123 4567',
      }),
    );
    // The list reads the copied columns: answers changed behind the app's back do not show.
    await t.db.execute(sql`update visa_applications
      set form = form || '{"email": "elsewhere@example.com", "passportNumber": "X0000000"}' where id = ${application.id}`);
    const row = async (query: string) => (await listIn(t.app, query)).items.find((item) => item.id === application.id);
    expect(await row('q=болд')).toMatchObject({
      name: 'Сараа Болд',
      email: 'Saraa.Bold@Example.com',
      passport: '•••• 4567',
    });
    const stored = await t.db.execute<{ email: string; passport_last4: string }>(
      sql`select email, passport_last4 from visa_applications where id = ${application.id}`,
    );
    expect(stored.rows[0]).toEqual({ email: 'Saraa.Bold@Example.com', passport_last4: '4567' });

    // Staff ask for a change; the applicant's save shows at once, and the search follows it.
    const asked = await t.send('POST', `/api/admin/visa-applications/${application.id}/actions`, {
      cookie: admin,
      body: { action: 'request-action', section: 'passport', message: 'A new passport, please' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const current = (
      await t.get(`/api/visa-applications/${application.id}`, { cookie: owner })
    ).json() as VisaApplication;
    const saved = await t.send('PUT', `/api/visa-applications/${application.id}`, {
      cookie: owner,
      body: { form: { ...current.form, email: 'saraa@example.mn', passportNumber: 'ab 99 88 776' } },
      headers: { 'if-match': `"${current.version}"` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await row('q=болд')).toMatchObject({ email: 'saraa@example.mn', passport: '•••• 8776', dependants: 0 });
    expect((await listIn(t.app, 'q=4567')).items).toEqual([]);
    expect((await listIn(t.app, 'q=8776')).items.map((item) => item.id)).toEqual([application.id]);
    const added = await t.send('POST', `/api/visa-applications/${application.id}/dependants`, {
      cookie: owner,
      body: visaDependant({ firstName: 'Тэмүүлэн', lastName: 'Болд' }),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await listIn(t.app, 'q=тэмүүлэн')).items).toMatchObject([{ id: application.id, dependants: 1 }]);
  });

  it('keeps a page until anything it shows changes: at once in the process that made the change, in a moment in the others', async () => {
    const application = await sent(completeVisaForm({ firstName: 'Khulan', lastName: 'Gombo', country: 'NZ' }));
    const state = async (app: TestApp['app']) =>
      (await listIn(app, 'country=NZ')).items.find((item) => item.id === application.id)?.state;
    await keptIn(t.app, 'country=NZ', application.id);
    await keptIn(other, 'country=NZ', application.id);

    // A staff action answered here: this process's next page shows it, the other's soon after.
    const review = await t.send('POST', `/api/admin/visa-applications/${application.id}/actions`, {
      cookie: admin,
      body: { action: 'start-review' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(await state(t.app)).toBe('in-review');
    expect(
      await readUntil(
        () => state(other),
        (found) => found === 'in-review',
      ),
    ).toBe('in-review');

    // A change made by any other writer reaches both through the database's notification.
    await keptIn(t.app, 'country=NZ', application.id);
    await keptIn(other, 'country=NZ', application.id);
    await t.db.execute(sql`update visa_applications set state = 'lodged' where id = ${application.id}`);
    for (const app of [t.app, other]) {
      expect(
        await readUntil(
          () => state(app),
          (found) => found === 'lodged',
        ),
      ).toBe('lodged');
    }

    // So does the agency's time zone, which places the list's days: 02:30 on 6 March in
    // Ulaanbaatar is still 5 March in Pago Pago.
    await t.db.execute(
      sql`update visa_applications set submitted_at = '2024-03-05T18:30:00Z' where id = ${application.id}`,
    );
    const onDay = () => listIn(other, 'country=NZ&from=2024-03-06&to=2024-03-06');
    expect((await readUntil(onDay, (list) => list.total === 1)).total).toBe(1);
    await keptIn(other, 'country=NZ&from=2024-03-06&to=2024-03-06', application.id);
    await t.db
      .execute(sql`insert into consultation_hours (weekdays, day_start, day_end, slot_minutes, time_zone, horizon_days, lead_hours)
      values ('{1,2,3,4,5}', '09:00', '18:00', 30, 'Pacific/Pago_Pago', 30, 2)`);
    try {
      expect((await readUntil(onDay, (list) => list.total === 0)).total).toBe(0);
    } finally {
      await t.db.execute(sql`delete from consultation_hours`);
    }
  }, 300_000);
});
