import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankProfile } from '@aylal/shared/schemas/profile';
import type { AdminContactListResponse } from '@aylal/shared/schemas/contact';
import type { AdminVisaListResponse, VisaApplication } from '@aylal/shared/schemas/visa';
import type { DashboardResponse } from '@aylal/shared/schemas/dashboard';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/helpers.ts';
import { completeVisaForm, visaConsent, visaDependant } from '../../test/visa.ts';
import { welderJobQuestion } from '../../test/contact.ts';

/**
 * Each cache staff share forgets when a route of this process answers a change it shows, and only
 * then (lib/changes.ts, docs/decisions/032). The database's notifying triggers are off here, so no
 * other way of forgetting hides a missing tag: a change to a kept answer made behind the process's
 * back (the "probe") shows only once a route's change made it forget. Other processes' forgetting
 * by the triggers is tested beside each cache (visa-list, contact-list, dashboard-cache).
 */
describe('caches forget by what a route says it changes', () => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let probeVisa: string;
  let probeMessage: string;
  let probeRound = 0;

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.send('GET', url, { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const ok = async (method: 'POST' | 'PUT', url: string, cookie: string, body?: unknown, status = 200) => {
    const response = await t.send(method, url, { cookie, ...(body === undefined ? {} : { body }) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response;
  };

  /** Each cache: how to read it, and a change it shows made with no process told (the probe). */
  const caches = {
    visa: {
      read: async () =>
        (await get<AdminVisaListResponse>('/api/admin/visa-applications?country=NZ')).items.find(
          (item) => item.id === probeVisa,
        )?.name,
      probe: (mark: string) => t.db.execute(sql`update visa_applications set name = ${mark} where id = ${probeVisa}`),
    },
    contact: {
      read: async () =>
        (await get<AdminContactListResponse>('/api/admin/contact-messages?type=jobs')).items.find(
          (item) => item.id === probeMessage,
        )?.title,
      probe: (mark: string) =>
        t.db.execute(sql`update contact_messages set title = ${mark} where id = ${probeMessage}`),
    },
    dashboard: {
      read: async () =>
        String(
          (await get<DashboardResponse>('/api/admin/dashboard?days=30')).queues.find(
            (queue) => queue.key === 'unansweredMessages',
          )!.total,
        ),
      probe: (mark: string) =>
        t.db
          .execute(sql`insert into contact_messages (id, reference, type, state, title, name, email, thread_id, email_key, client_hash)
          values (gen_random_uuid(), ${mark.slice(0, 20)}, 'general', 'new', 'Probe', 'Probe', 'probe@example.com',
            ${`<${mark}@aylal.test>`}, 'probe@example.com', 'hash')`),
    },
  };
  type CacheName = keyof typeof caches;

  /**
   * Reads every cache (now kept), makes the probe's hidden change, runs `change`, and answers
   * which caches show the probe afterwards: those that forgot.
   */
  async function forgottenBy(change: () => Promise<unknown>): Promise<CacheName[]> {
    const before: Partial<Record<CacheName, string | undefined>> = {};
    for (const name of Object.keys(caches) as CacheName[]) {
      before[name] = await caches[name].read();
      await caches[name].probe(`Probe ${++probeRound}`);
      expect(await caches[name].read(), `${name} keeps its answer`).toBe(before[name]);
    }
    await change();
    const forgotten: CacheName[] = [];
    for (const name of Object.keys(caches) as CacheName[])
      if ((await caches[name].read()) !== before[name]) forgotten.push(name);
    return forgotten;
  }

  /** A submitted application of `owner`'s. */
  async function submitted(country = 'NZ'): Promise<VisaApplication> {
    const created = (await ok('POST', '/api/visa-applications', owner, undefined, 201)).json() as VisaApplication;
    await ok('PUT', `/api/visa-applications/${created.id}`, owner, { form: completeVisaForm({ country }) });
    return (
      await ok('POST', `/api/visa-applications/${created.id}/submit`, owner, visaConsent())
    ).json() as VisaApplication;
  }

  beforeAll(async () => {
    t = await createTestApp({ CATALOGUE_CACHE_SECONDS: '600' });
    admin = await t.signUp(ADMIN_EMAIL, undefined, 'Agency Admin');
    owner = await t.signUp('cache-owner@example.com');
    // No process hears of any change from the database: only this process's routes make it forget.
    const triggers = await t.db.execute<{ table: string; name: string }>(sql`
      select c.relname as table, tg.tgname as name from pg_trigger tg
      join pg_class c on c.oid = tg.tgrelid join pg_proc p on p.oid = tg.tgfoid
      where p.proname in ('notify_visa_change', 'notify_contact_change', 'notify_dashboard_change')`);
    for (const { table, name } of triggers.rows) {
      await t.db.execute(sql.raw(`alter table "${table}" disable trigger "${name}"`));
    }
    probeVisa = (await submitted()).id;
    await ok('POST', '/api/contact', '', welderJobQuestion(t), 201);
    probeMessage = (await t.db.execute<{ id: string }>(sql`select id from contact_messages`)).rows[0]!.id;
    // The LISTEN connection is up before anything is kept (nothing is kept while it is not).
    await t.app.changeFeed.subscribe('aylal_caches_test', { setListening: () => undefined, receive: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("an applicant's autosave of a draft forgets nothing staff see; any save staff see forgets their list and dashboard", async () => {
    const draft = (await ok('POST', '/api/visa-applications', owner, undefined, 201)).json() as VisaApplication;
    expect(
      await forgottenBy(() => ok('PUT', `/api/visa-applications/${draft.id}`, owner, { form: completeVisaForm() })),
    ).toEqual([]);
    const sent = await submitted();
    await ok('POST', `/api/admin/visa-applications/${sent.id}/actions`, admin, {
      action: 'request-action',
      section: 'personal',
      message: 'Please check your name.',
    });
    expect(
      await forgottenBy(() => ok('PUT', `/api/visa-applications/${sent.id}`, owner, { form: completeVisaForm() })),
    ).toEqual(['visa', 'dashboard']);
  });

  it("staff's visa list forgets at each change to an application staff see, its dependants", async () => {
    const sent = await submitted();
    const base = `/api/admin/visa-applications/${sent.id}`;
    const changes: [string, () => Promise<unknown>][] = [
      ['a submission', () => submitted()],
      ['a staff action', () => ok('POST', `${base}/actions`, admin, { action: 'start-review' })],
      ['a note', () => ok('POST', `${base}/notes`, admin, { note: 'Called the embassy.' })],
      // The database tells of any dependant's change, a draft's too: so does the route.
      [
        'a dependant',
        async () => {
          const draft = (await ok('POST', '/api/visa-applications', owner, undefined, 201)).json() as VisaApplication;
          await ok('POST', `/api/visa-applications/${draft.id}/dependants`, owner, visaDependant(), 201);
        },
      ],
    ];
    for (const [what, change] of changes) expect(await forgottenBy(change), what).toContain('visa');
  });

  it("staff's inbox forgets at each change to a message and at a rename of an account (trigger 0013's)", async () => {
    const base = `/api/admin/contact-messages/${probeMessage}`;
    const changes: [string, () => Promise<unknown>][] = [
      ['marked read', () => ok('POST', `${base}/read`, admin)],
      ['a note', () => ok('POST', `${base}/notes`, admin, { note: 'Asked the employer.' })],
      ['assigned', () => ok('POST', `${base}/assign`, admin, { assigneeId: null })],
      ['a state', () => ok('POST', `${base}/state`, admin, { state: 'waiting' })],
      [
        'an account renamed',
        () =>
          ok(
            'PUT',
            '/api/profile',
            admin,
            blankProfile({ fullName: 'Agency Admin Renamed', email: ADMIN_EMAIL, language: 'en' }),
            201,
          ),
      ],
    ];
    for (const [what, change] of changes) expect(await forgottenBy(change), what).toContain('contact');
    // A change to something it does not show leaves it kept.
    expect(await forgottenBy(() => ok('POST', '/api/notifications/read-all', admin, undefined, 204))).toEqual([]);
  });
});
