/**
 * The staff dashboard's figures and work queues (docs/decisions/020), and the one place that says
 * which back-office list, with which filter, shows each of them: the web's links and the server's
 * test of every figure against its list both read `dashboardTarget`, so a figure and its list
 * cannot drift apart.
 *
 * Periods are days on the agency's calendar: the last `days` days up to today, compared with the
 * `days` days before them. Pure functions, no zod: shared by the web and the server.
 */
import { addDays } from './consultation-rules.ts';
import { APPLICATION_STATES } from './job-rules.ts';
import { VISA_STATES } from './visa-rules.ts';

export const DASHBOARD_DAYS = [7, 30, 90] as const;
export type DashboardDays = (typeof DASHBOARD_DAYS)[number];

/** Visa states staff see (never a draft). */
export const DASHBOARD_VISA_STATES = VISA_STATES.filter((state) => state !== 'draft');

/**
 * Every figure, by group. A group or a figure added later (the contact messages' `messages`
 * group) is one more entry here and in the service; the web draws whatever the answer carries.
 */
export const DASHBOARD_FIGURES = {
  accounts: ['accounts.new'],
  consultations: [
    'consultations.booked',
    'consultations.today',
    'consultations.week',
    'consultations.cancelled',
    'consultations.no-show',
  ],
  applications: ['applications.all', ...APPLICATION_STATES.map((state) => `applications.${state}` as const)],
  visa: ['visa.all', ...DASHBOARD_VISA_STATES.map((state) => `visa.${state}` as const), 'visa.paid'],
  catalogue: ['trips.published', 'jobs.open'],
  messages: ['messages.received', 'messages.active', 'messages.unanswered'],
} as const;
export type DashboardGroupKey = keyof typeof DASHBOARD_FIGURES;
export type DashboardFigureKey = (typeof DASHBOARD_FIGURES)[DashboardGroupKey][number];
export const DASHBOARD_GROUPS = Object.keys(DASHBOARD_FIGURES) as DashboardGroupKey[];
export const DASHBOARD_FIGURE_KEYS = DASHBOARD_GROUPS.flatMap((group) => [
  ...DASHBOARD_FIGURES[group],
]) as DashboardFigureKey[];

/** Figures that are a state of now rather than a count over the period: they have no previous value. */
export const DASHBOARD_CURRENT_FIGURES: readonly DashboardFigureKey[] = [
  'consultations.today',
  'consultations.week',
  'trips.published',
  'jobs.open',
  'messages.active',
  'messages.unanswered',
];

/** The work queues, oldest waiting first. */
export const DASHBOARD_QUEUES = [
  'consultationsToConfirm',
  'visaToReview',
  'visaAwaitingApplicant',
  'unansweredMessages',
] as const;
export type DashboardQueueKey = (typeof DASHBOARD_QUEUES)[number];
/** How many of a queue's oldest items the dashboard shows (its total is always given). */
export const DASHBOARD_QUEUE_ITEMS = 5;

/** The daily trend's series: what happened on each day of the period. */
export const DASHBOARD_SERIES = ['accounts', 'consultations', 'applications', 'visa'] as const;
export type DashboardSeriesKey = (typeof DASHBOARD_SERIES)[number];

/** A period on the agency's calendar: `from` to `to`, both included, and the same length before it. */
export interface DashboardPeriod {
  days: DashboardDays;
  /** Today on the agency's calendar. */
  today: string;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

export function dashboardPeriod(days: DashboardDays, today: string): DashboardPeriod {
  const from = addDays(today, 1 - days);
  return { days, today, from, to: today, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}

/** "Upcoming this week": today and the six days after it. */
export function weekEnd(today: string): string {
  return addDays(today, 6);
}

/** The back-office lists a figure can open: their page in the web app and their API. */
export const DASHBOARD_LISTS = {
  users: { page: '/admin/settings', api: '/api/admin/users' },
  consultations: { page: '/admin/consultations', api: '/api/admin/consultations' },
  applications: { page: '/admin/cv', api: '/api/admin/applications' },
  visa: { page: '/admin/visa', api: '/api/admin/visa-applications' },
  trips: { page: '/admin/trips', api: '/api/admin/trips' },
  jobs: { page: '/admin/jobs', api: '/api/admin/jobs' },
  messages: { page: '/admin/contact-us', api: '/api/admin/contact-messages' },
} as const;
export type DashboardList = keyof typeof DASHBOARD_LISTS;

/** A list with its filter, as its URL (and its API's query string) writes it. */
export interface DashboardTarget {
  list: DashboardList;
  filter: Record<string, string>;
}

/** The dates a figure is counted over: the period's, or the previous period's. */
type Range = { from: string; to: string };

/**
 * The list, and its filter, that shows exactly the items a figure counts. `range` is the period
 * (or the previous one, for the change); `today` is the agency's today.
 */
export function dashboardTarget(
  key: DashboardFigureKey | DashboardQueueKey,
  range: Range,
  today: string,
): DashboardTarget {
  const [group, rest] = key.split('.') as [string, string | undefined];
  switch (key) {
    case 'accounts.new':
      return { list: 'users', filter: { from: range.from, to: range.to } };
    case 'consultations.booked':
      return { list: 'consultations', filter: { bookedFrom: range.from, bookedTo: range.to } };
    case 'consultations.today':
      return { list: 'consultations', filter: { from: today, to: today, upcoming: '1' } };
    case 'consultations.week':
      return { list: 'consultations', filter: { from: today, to: weekEnd(today), upcoming: '1' } };
    case 'consultations.cancelled':
      return { list: 'consultations', filter: { state: 'cancelled', from: range.from, to: range.to } };
    case 'consultations.no-show':
      return { list: 'consultations', filter: { state: 'no-show', from: range.from, to: range.to } };
    case 'visa.paid':
      return { list: 'visa', filter: { payment: 'paid', from: range.from, to: range.to } };
    case 'trips.published':
      return { list: 'trips', filter: { status: 'published' } };
    case 'jobs.open':
      return { list: 'jobs', filter: { open: '1' } };
    case 'consultationsToConfirm':
      return { list: 'consultations', filter: { state: 'pending', upcoming: '1' } };
    case 'visaToReview':
      return { list: 'visa', filter: { state: 'submitted', sort: 'oldest' } };
    case 'visaAwaitingApplicant':
      return { list: 'visa', filter: { state: 'action-required', sort: 'oldest' } };
    // Contact messages (never merged ones, never spam: the inbox's own rule), received on the days;
    // not yet settled (new, open or waiting); waiting for a reply (new or open), oldest first.
    case 'messages.received':
      return { list: 'messages', filter: { from: range.from, to: range.to } };
    case 'messages.active':
      return { list: 'messages', filter: { active: '1' } };
    case 'messages.unanswered':
    case 'unansweredMessages':
      return { list: 'messages', filter: { unanswered: '1', sort: 'oldest' } };
  }
  // Job and visa applications by state ('all': every state) over the period's days.
  const list = group === 'visa' ? 'visa' : 'applications';
  const filter: Record<string, string> = { from: range.from, to: range.to };
  if (rest && rest !== 'all') filter.state = rest;
  return { list, filter };
}

/** The web address of a list with its filter (`/admin/visa?state=submitted&from=…`). */
export function dashboardHref(target: DashboardTarget): string {
  return `${DASHBOARD_LISTS[target.list].page}?${new URLSearchParams(target.filter).toString()}`;
}

/** The API address of a list with its filter (what the list page asks for). */
export function dashboardApiUrl(target: DashboardTarget, extra: Record<string, string> = {}): string {
  return `${DASHBOARD_LISTS[target.list].api}?${new URLSearchParams({ ...target.filter, ...extra }).toString()}`;
}

/** Where a queue's item opens: its consultation in the list's side panel, its visa application's or message's page. */
export function dashboardQueueItemHref(key: DashboardQueueKey, id: string): string {
  if (key === 'consultationsToConfirm') return `/admin/consultations?${new URLSearchParams({ open: id }).toString()}`;
  if (key === 'unansweredMessages') return `/admin/contact-us/${encodeURIComponent(id)}`;
  return `/admin/visa/${encodeURIComponent(id)}`;
}

/** How long something has waited, in the largest whole unit that reads well ("3 days", "5 hours"). */
export function waitedFor(since: string, now: Date): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
}
