import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone, zonedTime } from '@aylal/shared/consultation-rules';
import {
  DASHBOARD_CURRENT_FIGURES,
  DASHBOARD_DAYS,
  DASHBOARD_FIGURE_KEYS,
  DASHBOARD_QUEUES,
  dashboardApiUrl,
  dashboardPeriod,
  dashboardTarget,
  type DashboardFigureKey,
} from '@aylal/shared/dashboard';
import type { DashboardResponse } from '@aylal/shared/schemas/dashboard';
import { ADMIN_EMAIL, errorOf, useAccounts, useTestApp } from '../../../test/helpers.ts';
import { jobInput } from '../../../test/jobs.ts';
import { minimalCv } from '../../../test/cv.ts';
import { tripInput } from '../../../test/trips.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';

/**
 * The staff dashboard (docs/decisions/020): each figure over the agency's days with the previous
 * period's, the work queues oldest first, and — for every figure and queue — the list its link
 * opens, asked with the very filter of `dashboardTarget`, showing the same count.
 */
describe('staff dashboard', () => {
  const t = useTestApp();
  const accounts = useAccounts(t, { admin: ADMIN_EMAIL, traveller: 'traveller@example.com' });
  let timeZone: string;
  let today: string;
  const now = new Date();
  /** A moment on an agency day: `minutes` after its midnight (negative: before it). */
  const at = (date: string, minutes = 0) => zonedTime(date, 0, timeZone).getTime() + minutes * 60_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  async function dashboard(days: number | string = 7): Promise<DashboardResponse> {
    const response = await t.get(`/api/admin/dashboard?days=${days}`, { cookie: accounts.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DashboardResponse;
  }
  const figure = (answer: DashboardResponse, key: DashboardFigureKey) =>
    answer.groups.flatMap((group) => group.figures).find((item) => item.key === key)!;

  async function user(createdAt: number, name = 'Seeded Person'): Promise<string> {
    const id = randomUUID();
    await t.db.execute(sql`insert into users (id, name, email, created_at, updated_at)
      values (${id}, ${name}, ${`${id}@example.com`}, ${iso(createdAt)}, ${iso(createdAt)})`);
    return id;
  }
  let slot = 0;
  async function consultation(state: string, startsAt: number, createdAt: number, minutes = 30): Promise<string> {
    const id = randomUUID();
    const userId = await user(at(addDays(today, -400)), `Traveller ${++slot}`);
    await t.db.execute(sql`insert into consultations (id, user_id, starts_at, ends_at, state, created_at, updated_at)
      values (${id}, ${userId}, ${iso(startsAt)}, ${iso(startsAt + minutes * 60_000)}, ${state}, ${iso(createdAt)}, ${iso(createdAt)})`);
    return id;
  }
  async function application(jobId: string, state: string, createdAt: number) {
    const userId = await user(at(addDays(today, -400)));
    await t.db.execute(sql`insert into job_applications (job_id, user_id, state, cv, created_at, updated_at)
      values (${jobId}, ${userId}, ${state}, ${JSON.stringify(minimalCv())}::jsonb, ${iso(createdAt)}, ${iso(createdAt)})`);
  }
  let reference = 0;
  async function visa(state: string, submittedAt: number | null, paidUsd?: number, since?: number): Promise<string> {
    const id = randomUUID();
    const userId = await user(at(addDays(today, -400)), `Applicant ${++reference}`);
    await t.db.execute(sql`insert into visa_applications (id, user_id, reference, state, name, form, submitted_at)
      values (${id}, ${userId}, ${state === 'draft' ? null : `V-TEST-${reference}`}, ${state}, ${`Applicant ${reference}`}, '{}'::jsonb,
        ${submittedAt === null ? null : iso(submittedAt)})`);
    if (paidUsd !== undefined)
      await t.db.execute(
        sql`insert into visa_payments (application_id, state, amount_usd) values (${id}, 'paid', ${paidUsd})`,
      );
    if (since !== undefined)
      await t.db.execute(sql`insert into visa_events (application_id, kind, state, created_at)
        values (${id}, ${state === 'action-required' ? 'request-action' : 'resubmitted'}, ${state}, ${iso(since)})`);
    return id;
  }

  let messageNumber = 0;
  async function message(state: string, createdAt: number, mergedInto?: string): Promise<string> {
    const id = randomUUID();
    const n = ++messageNumber;
    await t.db.execute(sql`insert into contact_messages (id, reference, type, state, title, name, email, thread_id,
        merged_into_id, email_key, client_hash, created_at, updated_at)
      values (${id}, ${`C-TEST-${n}`}, 'general', ${state}, 'A question', ${`Writer ${n}`}, ${`writer${n}@example.com`},
        ${`<t${n}@aylal.test>`}, ${mergedInto ?? null}, ${`writer${n}@example.com`}, 'hash', ${iso(createdAt)}, ${iso(createdAt)})`);
    return id;
  }

  let firstPending: string;
  let oldestMessage: string;
  let oldestReview: string;

  beforeAll(async () => {
    ({ timeZone } = await getWorkingHours(t.db));
    today = dateInZone(now, timeZone);
    const week = dashboardPeriod(7, today);

    // Accounts at the edges of the 7-day period, in the agency's zone (not UTC's midnight).
    await user(at(week.from)); // first moment of the period
    await user(at(week.from, -0.01)); // the last of the previous period
    await user(at(week.previousFrom)); // first of the previous period
    await user(at(week.previousFrom, -0.01)); // before both (in the 30-day period)
    await user(at(today, 23 * 60 + 59)); // late today
    await user(at(addDays(today, 1))); // tomorrow: in no period

    // Consultations: booked (created) and held (starts) in either period; what is ahead of now.
    firstPending = await consultation('pending', now.getTime() + 60_000, at(week.previousFrom, 10)); // today, booked long ago
    await consultation('pending', at(addDays(today, 3), 10 * 60), at(week.from)); // this week
    await consultation('confirmed', at(addDays(today, 8), 10 * 60), at(week.from, 5)); // beyond the week
    await consultation('pending', now.getTime() - 3 * 3600_000, at(week.from, 6), 60); // over: not upcoming
    await consultation('cancelled', at(week.from, 9 * 60), at(week.previousFrom, 1));
    await consultation('cancelled', at(week.from, -60), at(week.previousFrom, 2)); // previous period
    await consultation('no-show', at(week.from, 11 * 60), at(addDays(week.previousFrom, -20)));
    await consultation('completed', at(addDays(today, -40), 10 * 60), at(addDays(today, -45)));

    // Job applications in each state over both periods; jobs open, closed by their deadline, drafts.
    const jobs: string[] = [];
    for (const overrides of [{}, { status: 'draft' as const }, {}]) {
      const response = await t.send('POST', '/api/admin/jobs', { cookie: accounts.admin, body: jobInput(overrides) });
      expect(response.statusCode, response.body).toBe(201);
      jobs.push((response.json() as { id: string }).id);
    }
    await t.db.execute(sql`update jobs set deadline = ${addDays(today, -1)}::date where id = ${jobs[2]}`);
    await application(jobs[0]!, 'submitted', at(week.from));
    await application(jobs[0]!, 'reviewing', at(today, 60));
    await application(jobs[0]!, 'hired', at(week.from, -1));
    await application(jobs[2]!, 'rejected', at(addDays(today, -20)));

    // Trips: two published, one draft.
    for (const status of ['published', 'published', 'draft'] as const) {
      const response = await t.send('POST', '/api/admin/trips', {
        cookie: accounts.admin,
        body: tripInput({ status }),
      });
      expect(response.statusCode, response.body).toBe(201);
    }

    // Visa applications: states, payments, and how long they have waited.
    oldestReview = await visa('submitted', at(addDays(today, -3)), 120);
    await visa('submitted', at(today, 1), undefined, at(today, 2));
    await visa('action-required', at(addDays(today, -10)), 80, at(addDays(today, -2)));
    await visa('approved', at(week.from, -5), 120);
    await visa('lodged', at(addDays(today, -50)));
    await visa('draft', null);

    // Contact messages: received in either period, in every state; merged and spam ones never count.
    oldestMessage = await message('open', at(addDays(today, -20))); // unanswered for 20 days
    await message('new', at(week.from)); // this week, unanswered
    await message('waiting', at(today, 30)); // replied to: waiting for the customer, not settled
    await message('resolved', at(week.from, 1));
    await message('spam', at(week.from, 2)); // never counted
    const target = await message('new', at(week.previousFrom, 3)); // the previous period
    await message('new', at(week.from, 4), target); // merged into it: never counted
    await message('resolved', at(week.from, -1)); // the previous period's last moment
  });

  it('refuses anyone but staff, and any period but 7, 30 or 90 days, in the reader’s language', async () => {
    expect((await t.get('/api/admin/dashboard')).statusCode).toBe(401);
    expect((await t.get('/api/admin/dashboard', { cookie: accounts.traveller })).statusCode).toBe(403);
    for (const days of ['1', '31', 'abc', '7.0', '-7']) {
      const response = await t.get(`/api/admin/dashboard?days=${days}`, { cookie: accounts.admin });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    const mongolian = await t.get('/api/admin/dashboard?days=5', {
      cookie: accounts.admin,
      headers: { 'accept-language': 'mn' },
    });
    expect(mongolian.statusCode).toBe(400);
    expect(errorOf(mongolian).message).toMatch(/[а-яөү]/i);
    // No period given: 30 days.
    expect((await t.get('/api/admin/dashboard', { cookie: accounts.admin })).json()).toMatchObject({ days: 30 });
  });

  it('counts each figure over the agency’s days, beside the same count over the days before', async () => {
    const answer = await dashboard(7);
    const week = dashboardPeriod(7, today);
    expect(answer).toMatchObject({
      days: 7,
      timeZone,
      today,
      from: week.from,
      to: today,
      previousFrom: week.previousFrom,
    });
    // The admin and the traveller signed up now; the edges fall on the agency's midnights.
    expect(figure(answer, 'accounts.new')).toMatchObject({ value: 4, previous: 2 });
    expect(figure(answer, 'consultations.booked')).toMatchObject({ value: 3, previous: 3 });
    expect(figure(answer, 'consultations.today')).toMatchObject({ value: 1, previous: null });
    expect(figure(answer, 'consultations.week')).toMatchObject({ value: 2, previous: null });
    expect(figure(answer, 'consultations.cancelled')).toMatchObject({ value: 1, previous: 1 });
    expect(figure(answer, 'consultations.no-show')).toMatchObject({ value: 1, previous: 0 });
    expect(figure(answer, 'applications.all')).toMatchObject({ value: 2, previous: 1 });
    expect(figure(answer, 'applications.reviewing')).toMatchObject({ value: 1, previous: 0 });
    expect(figure(answer, 'applications.hired')).toMatchObject({ value: 0, previous: 1 });
    expect(figure(answer, 'visa.all')).toMatchObject({ value: 2, previous: 2 });
    expect(figure(answer, 'visa.paid')).toMatchObject({
      value: 1,
      previous: 2,
      amountUsd: 120,
      previousAmountUsd: 200,
    });
    expect(figure(answer, 'trips.published')).toMatchObject({ value: 2, previous: null });
    expect(figure(answer, 'jobs.open')).toMatchObject({ value: 1, previous: null });
    expect(figure(answer, 'messages.received')).toMatchObject({ value: 3, previous: 2 });
    expect(figure(answer, 'messages.active')).toMatchObject({ value: 4, previous: null });
    expect(figure(answer, 'messages.unanswered')).toMatchObject({
      value: 3,
      previous: null,
      since: iso(at(addDays(today, -20))),
    });
    for (const key of DASHBOARD_FIGURE_KEYS) {
      expect(figure(answer, key).previous === null).toBe(DASHBOARD_CURRENT_FIGURES.includes(key));
    }

    // Thirty days take in what lay before the week.
    const month = await dashboard(30);
    expect(figure(month, 'accounts.new').value).toBe(7);
    expect(figure(month, 'applications.all').value).toBe(4);
    expect(figure(month, 'visa.action-required').value).toBe(1);
    expect(figure(month, 'visa.lodged')).toMatchObject({ value: 0, previous: 1 });
    expect(figure(month, 'messages.received').value).toBe(6);
  });

  it('draws one day per day of the period, counting what happened on each agency day', async () => {
    const answer = await dashboard(7);
    expect(answer.trend.map((day) => day.date)).toEqual([...Array(7).keys()].map((i) => addDays(answer.from, i)));
    const first = answer.trend[0]!;
    expect(first).toMatchObject({ accounts: 1, applications: 1 });
    const last = answer.trend.at(-1)!;
    expect(last.accounts).toBe(3); // late today, and the two sign-ups
    expect(last.visa).toBe(1);
    expect(answer.trend.reduce((sum, day) => sum + day.accounts, 0)).toBe(figure(answer, 'accounts.new').value);
    expect((await dashboard(90)).trend).toHaveLength(90);
  });

  it('puts what waits for staff first, oldest first, each with how long it has waited', async () => {
    const answer = await dashboard(7);
    expect(answer.queues.map((queue) => queue.key)).toEqual([...DASHBOARD_QUEUES]);
    const [consultations, review, applicant, messages] = answer.queues;
    expect(consultations).toMatchObject({ total: 2 });
    expect(consultations!.items[0]).toMatchObject({
      id: firstPending,
      since: iso(at(dashboardPeriod(7, today).previousFrom, 10)),
    });
    expect(review!.total).toBe(2);
    expect(review!.items.map((item) => item.id)[0]).toBe(oldestReview);
    expect(review!.items[0]).toMatchObject({
      reference: expect.stringMatching(/^V-TEST-/),
      name: expect.stringMatching(/^Applicant/),
    });
    // Sent back two days ago: waiting since the request, not since it was first submitted.
    expect(applicant!.items[0]!.since).toBe(iso(at(addDays(today, -2))));
    // Contact messages nobody has replied to (new or open), oldest first; merged and spam ones never.
    expect(messages).toMatchObject({ total: 3 });
    expect(messages!.items.map((item) => item.id)[0]).toBe(oldestMessage);
    expect(messages!.items[0]).toMatchObject({
      name: 'Writer 1',
      reference: 'C-TEST-1',
      since: iso(at(addDays(today, -20))),
    });
  });

  it('opens, for every figure and queue, a list showing exactly that count', async () => {
    for (const days of DASHBOARD_DAYS) {
      const answer = await dashboard(days);
      const period = dashboardPeriod(days, today);
      const checks: [string, number, string][] = [];
      for (const group of answer.groups) {
        for (const item of group.figures) {
          const key = item.key as DashboardFigureKey;
          checks.push([key, item.value, dashboardApiUrl(dashboardTarget(key, period, today), { pageSize: '1' })]);
          if (item.previous !== null) {
            const previous = { from: period.previousFrom, to: period.previousTo };
            checks.push([
              `${key} (before)`,
              item.previous,
              dashboardApiUrl(dashboardTarget(key, previous, today), { pageSize: '1' }),
            ]);
          }
        }
      }
      for (const queue of answer.queues) {
        checks.push([
          queue.key,
          queue.total,
          dashboardApiUrl(dashboardTarget(queue.key, period, today), { pageSize: '1' }),
        ]);
      }
      for (const [label, expected, url] of checks) {
        const response = await t.get(url, { cookie: accounts.admin });
        expect(response.statusCode, `${label}: ${url} ${response.body}`).toBe(200);
        expect((response.json() as { total: number }).total, `${days} days, ${label}: ${url}`).toBe(expected);
      }
    }
  });
});
