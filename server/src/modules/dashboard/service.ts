// The staff dashboard (docs/decisions/020): the work queues, the period's figures with the previous
// period's beside them, and the daily trend. Each figure counts exactly what its list shows under
// the filter `dashboardTarget` gives it (shared/src/dashboard.ts); the test of every pair is in
// dashboard.test.ts. Days are the agency's (its zone from the working hours), turned into moments
// here so that every count compares plain timestamps.

import { sql, type SQL } from 'drizzle-orm';
import { addDays, zonedTime } from '@aylal/shared/consultation-rules';
import {
  DASHBOARD_CURRENT_FIGURES,
  DASHBOARD_FIGURES,
  DASHBOARD_GROUPS,
  DASHBOARD_QUEUE_ITEMS,
  DASHBOARD_SERIES,
  DASHBOARD_VISA_STATES,
  dashboardPeriod,
  weekEnd,
  type DashboardDays,
  type DashboardFigureKey,
  type DashboardSeriesKey,
} from '@aylal/shared/dashboard';
import { dateInZone } from '@aylal/shared/consultation-rules';
import { APPLICATION_STATES } from '@aylal/shared/job-rules';
import type {
  DashboardFigure,
  DashboardQueue,
  DashboardQueueItem,
  DashboardResponse,
  DashboardTrendDay,
} from '@aylal/shared/schemas/dashboard';
import type { Db } from '../../db/client.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';

/** A state's counts over the period and over the one before it. */
type StateRow = { state: string; value: number; value_prev: number };

/** A count over the period and over the one before it. */
interface Pair {
  value: number;
  previous: number;
}

const moment = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** `column` within [start, end). */
const within = (column: SQL, start: Date, end: Date) =>
  sql`${column} >= ${moment(start)} and ${column} < ${moment(end)}`;

/** The staff dashboard for the last `days` days on the agency's calendar. */
export async function getDashboard(db: Db, days: DashboardDays, now = new Date()): Promise<DashboardResponse> {
  const { timeZone } = await getWorkingHours(db);
  const period = dashboardPeriod(days, dateInZone(now, timeZone));
  const at = (date: string) => zonedTime(date, 0, timeZone);
  const previousStart = at(period.previousFrom);
  const start = at(period.from);
  const end = at(addDays(period.to, 1));
  const weekStop = at(addDays(weekEnd(period.today), 1));

  /** Counts of `column` in the period and the previous one, with an optional condition. */
  const pair = (column: SQL, label: string, condition: SQL = sql`true`) => sql`
    count(*) filter (where ${condition} and ${within(column, start, end)})::int as ${sql.raw(label)},
    count(*) filter (where ${condition} and ${within(column, previousStart, start)})::int as ${sql.raw(`${label}_prev`)}`;

  const [accounts, consultations, applications, visa, paid, catalogue, messages, queues, trend] = await Promise.all([
    db.execute<Record<string, number>>(sql`
      select ${pair(sql`created_at`, 'new')} from users where ${within(sql`created_at`, previousStart, end)}`),
    db.execute<Record<string, number>>(sql`
      select ${pair(sql`created_at`, 'booked')},
        ${pair(sql`starts_at`, 'cancelled', sql`state = 'cancelled'`)},
        ${pair(sql`starts_at`, 'no_show', sql`state = 'no-show'`)},
        count(*) filter (where state in ('pending', 'confirmed') and ends_at > ${moment(now)}
          and ${within(sql`starts_at`, at(period.today), at(addDays(period.today, 1)))})::int as today,
        count(*) filter (where state in ('pending', 'confirmed') and ends_at > ${moment(now)}
          and ${within(sql`starts_at`, at(period.today), weekStop)})::int as week
      from consultations
      where ${within(sql`created_at`, previousStart, end)} or ${within(sql`starts_at`, previousStart, weekStop)}`),
    db.execute<StateRow>(sql`
      select state, ${pair(sql`created_at`, 'value')}
      from job_applications where ${within(sql`created_at`, previousStart, end)} group by state`),
    db.execute<StateRow>(sql`
      select state, ${pair(sql`submitted_at`, 'value')}
      from visa_applications where state <> 'draft' and ${within(sql`submitted_at`, previousStart, end)}
      group by state`),
    // The paid processing, from the paid payments (far fewer than the applications).
    db.execute<{ paid: number; paid_prev: number; amount: number; amount_prev: number }>(sql`
      select ${pair(sql`a.submitted_at`, 'paid')},
        coalesce(sum(p.amount_usd) filter (where ${within(sql`a.submitted_at`, start, end)}), 0)::int as amount,
        coalesce(sum(p.amount_usd) filter (where ${within(sql`a.submitted_at`, previousStart, start)}), 0)::int as amount_prev
      from visa_payments p join visa_applications a on a.id = p.application_id
      where p.state = 'paid' and a.state <> 'draft' and ${within(sql`a.submitted_at`, previousStart, end)}`),
    db.execute<{ trips: number; jobs: number }>(sql`
      select (select count(*)::int from trips where status = 'published') as trips,
        (select count(*)::int from jobs where status = 'published' and deadline >= ${period.today}::date) as jobs`),
    // Contact messages as the inbox lists them (never merged, never spam): received on the days
    // (its created-at index), and now: not settled, waiting for a reply and the oldest of those
    // (its state index).
    db.execute<{
      received: number;
      received_prev: number;
      active: number;
      unanswered: number;
      oldest: string | null;
    }>(sql`
      select
        (select count(*)::int from contact_messages where merged_into_id is null and state <> 'spam'
          and ${within(sql`created_at`, start, end)}) as received,
        (select count(*)::int from contact_messages where merged_into_id is null and state <> 'spam'
          and ${within(sql`created_at`, previousStart, start)}) as received_prev,
        (select count(*)::int from contact_messages where merged_into_id is null
          and state in ('new', 'open', 'waiting')) as active,
        (select count(*)::int from contact_messages where merged_into_id is null
          and state in ('new', 'open')) as unanswered,
        (select min(created_at) from contact_messages where merged_into_id is null
          and state in ('new', 'open')) as oldest`),
    getQueues(db, now),
    getTrend(db, timeZone, start, end),
  ]);

  const figures = new Map<
    DashboardFigureKey,
    Pair & { amountUsd?: number; previousAmountUsd?: number; since?: string }
  >();
  const row = (result: { rows: Record<string, number>[] }) => result.rows[0] ?? {};
  const a = row(accounts);
  figures.set('accounts.new', { value: a.new ?? 0, previous: a.new_prev ?? 0 });
  const c = row(consultations);
  figures.set('consultations.booked', { value: c.booked ?? 0, previous: c.booked_prev ?? 0 });
  figures.set('consultations.today', { value: c.today ?? 0, previous: 0 });
  figures.set('consultations.week', { value: c.week ?? 0, previous: 0 });
  figures.set('consultations.cancelled', { value: c.cancelled ?? 0, previous: c.cancelled_prev ?? 0 });
  figures.set('consultations.no-show', { value: c.no_show ?? 0, previous: c.no_show_prev ?? 0 });

  const sum = (rows: StateRow[]) => ({
    value: rows.reduce((total, r) => total + r.value, 0),
    previous: rows.reduce((total, r) => total + r.value_prev, 0),
  });
  figures.set('applications.all', sum(applications.rows));
  for (const state of APPLICATION_STATES) {
    const found = applications.rows.find((r) => r.state === state);
    figures.set(`applications.${state}`, { value: found?.value ?? 0, previous: found?.value_prev ?? 0 });
  }
  figures.set('visa.all', sum(visa.rows));
  for (const state of DASHBOARD_VISA_STATES) {
    const found = visa.rows.find((r) => r.state === state);
    figures.set(`visa.${state}`, { value: found?.value ?? 0, previous: found?.value_prev ?? 0 });
  }
  const p = paid.rows[0];
  figures.set('visa.paid', {
    value: p?.paid ?? 0,
    previous: p?.paid_prev ?? 0,
    amountUsd: p?.amount ?? 0,
    previousAmountUsd: p?.amount_prev ?? 0,
  });
  const k = catalogue.rows[0];
  figures.set('trips.published', { value: k?.trips ?? 0, previous: 0 });
  figures.set('jobs.open', { value: k?.jobs ?? 0, previous: 0 });
  const m = messages.rows[0];
  figures.set('messages.received', { value: m?.received ?? 0, previous: m?.received_prev ?? 0 });
  figures.set('messages.active', { value: m?.active ?? 0, previous: 0 });
  figures.set('messages.unanswered', {
    value: m?.unanswered ?? 0,
    previous: 0,
    ...(m?.oldest ? { since: new Date(m.oldest).toISOString() } : {}),
  });

  return {
    days,
    timeZone,
    today: period.today,
    from: period.from,
    to: period.to,
    previousFrom: period.previousFrom,
    previousTo: period.previousTo,
    queues,
    groups: DASHBOARD_GROUPS.map((group) => ({
      key: group,
      figures: DASHBOARD_FIGURES[group].map((key): DashboardFigure => {
        const figure = figures.get(key)!;
        return {
          key,
          ...figure,
          previous: DASHBOARD_CURRENT_FIGURES.includes(key) ? null : figure.previous,
        };
      }),
    })),
    trend,
  };
}

/** When an answer stops being today's: the next midnight of its agency day. */
export function dashboardDayEnds(answer: DashboardResponse): number {
  return zonedTime(addDays(answer.today, 1), 0, answer.timeZone).getTime();
}

type QueueRow = { id: string; name: string; reference: string | null; starts_at: string | null; since: string };

const toItem = (row: QueueRow): DashboardQueueItem => ({
  id: row.id,
  name: row.name,
  reference: row.reference,
  startsAt: row.starts_at ? new Date(row.starts_at).toISOString() : null,
  since: new Date(row.since).toISOString(),
});

/**
 * What waits for staff, oldest first: pending consultations not yet over (since booked), and
 * visa applications submitted (awaiting review) or sent back (awaiting the applicant), since they
 * entered that state (their latest history step into it), and contact messages waiting for a reply
 * (new or open, since received: the inbox's oldest-first order).
 */
async function getQueues(db: Db, now: Date): Promise<DashboardQueue[]> {
  const visaQueue = async (state: 'submitted' | 'action-required') => {
    const [items, total] = await Promise.all([
      db.execute<QueueRow>(sql`
        select a.id, a.name, a.reference, null as starts_at,
          coalesce((select max(e.created_at) from visa_events e where e.application_id = a.id and e.state = a.state),
            a.submitted_at, a.updated_at) as since
        from visa_applications a where a.state = ${state}
        order by since asc, a.id limit ${DASHBOARD_QUEUE_ITEMS}`),
      db.execute<{ total: number }>(sql`select count(*)::int as total from visa_applications where state = ${state}`),
    ]);
    return { total: total.rows[0]?.total ?? 0, items: items.rows.map(toItem) };
  };
  const pending = sql`c.state = 'pending' and c.ends_at > ${moment(now)}`;
  const unanswered = sql`merged_into_id is null and state in ('new', 'open')`;
  const [consultations, consultationsTotal, review, applicant, messages, messagesTotal] = await Promise.all([
    db.execute<QueueRow>(sql`
      select c.id, u.name, null as reference, c.starts_at, c.created_at as since
      from consultations c join users u on u.id = c.user_id
      where ${pending} order by c.created_at asc, c.id limit ${DASHBOARD_QUEUE_ITEMS}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from consultations c where ${pending}`),
    visaQueue('submitted'),
    visaQueue('action-required'),
    db.execute<QueueRow>(sql`
      select id, name, reference, null as starts_at, created_at as since
      from contact_messages where ${unanswered}
      order by created_at asc, id desc limit ${DASHBOARD_QUEUE_ITEMS}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from contact_messages where ${unanswered}`),
  ]);
  return [
    {
      key: 'consultationsToConfirm',
      total: consultationsTotal.rows[0]?.total ?? 0,
      items: consultations.rows.map(toItem),
    },
    { key: 'visaToReview', ...review },
    { key: 'visaAwaitingApplicant', ...applicant },
    { key: 'unansweredMessages', total: messagesTotal.rows[0]?.total ?? 0, items: messages.rows.map(toItem) },
  ];
}

/** Each day of the period (agency days, oldest first) with what happened on it. */
async function getTrend(db: Db, timeZone: string, start: Date, end: Date): Promise<DashboardTrendDay[]> {
  const daily = (series: DashboardSeriesKey, table: string, column: string, condition = 'true') => sql`
    select ${series} as series, (${sql.raw(column)} at time zone ${timeZone})::date::text as date, count(*)::int as value
    from ${sql.raw(table)} where ${sql.raw(condition)} and ${within(sql.raw(column), start, end)} group by 2`;
  const result = await db.execute<{ series: DashboardSeriesKey; date: string; value: number }>(sql`
    ${daily('accounts', 'users', 'created_at')}
    union all ${daily('consultations', 'consultations', 'created_at')}
    union all ${daily('applications', 'job_applications', 'created_at')}
    union all ${daily('visa', 'visa_applications', 'submitted_at', "state <> 'draft'")}`);
  const days: DashboardTrendDay[] = [];
  const byDate = new Map<string, DashboardTrendDay>();
  for (let date = dateInZone(start, timeZone); zonedTime(date, 0, timeZone) < end; date = addDays(date, 1)) {
    const day = { date, ...Object.fromEntries(DASHBOARD_SERIES.map((key) => [key, 0])) } as DashboardTrendDay;
    days.push(day);
    byDate.set(date, day);
  }
  for (const { series, date, value } of result.rows) {
    const day = byDate.get(date);
    if (day) day[series] = value;
  }
  return days;
}
