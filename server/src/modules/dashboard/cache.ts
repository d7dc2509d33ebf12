// The staff dashboard as served (docs/decisions/020): each period's answer is kept per process for
// CATALOGUE_CACHE_SECONDS, shared by the requests asking meanwhile, and forgotten the moment
// anything it counts changes, in any process, so a queue shows a change at once. Counted afresh, an
// answer costs about a dozen queries: fifty staff screens asking at once on 2 cores queued for it.
//
// Forgetting (lib/listening-cache.ts): migration 0012's triggers NOTIFY `aylal_dashboard_changes`
// when an account, a consultation, a job application, a visa application other than a draft (its
// history, its payment), a trip's or a job's status, a contact message or the agency's hours
// change; every process LISTENs and forgets everything it kept, and this process forgets before
// answering any change it makes itself (its route's tags, `DASHBOARD_SHOWS`; lib/changes.ts). An answer also ends with its agency day, so the day rolling
// over never serves yesterday's "today".

import type { DashboardResponse } from '@aylal/shared/schemas/dashboard';
import type { ChangeTag } from '../../lib/changes.ts';
import type { ListeningCache } from '../../lib/listening-cache.ts';

/** The channel the triggers of migration 0012 notify on. */
export const DASHBOARD_CHANGES_CHANNEL = 'aylal_dashboard_changes';

/** The dashboard's answers, kept by their period. */
export type DashboardCache = ListeningCache<DashboardResponse>;

/** What the dashboard counts, as routes say they change it. */
export const DASHBOARD_SHOWS: readonly ChangeTag[] = [
  'account',
  'consultation',
  'job-application',
  'visa',
  'trip',
  'job',
  'contact',
  'hours',
];
