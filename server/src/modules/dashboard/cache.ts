// The staff dashboard as served (docs/decisions/020): each period's answer is kept per process for
// CATALOGUE_CACHE_SECONDS, shared by the requests asking meanwhile, and forgotten the moment
// anything it counts changes, in any process, so a queue shows a change at once. Counted afresh, an
// answer costs about a dozen queries: fifty staff screens asking at once on 2 cores queued for it.
//
// Forgetting (lib/listening-cache.ts): migration 0012's triggers NOTIFY `aylal_dashboard_changes`
// when an account, a consultation, a job application, a visa application other than a draft (its
// history, its payment), a trip's or a job's status, a contact message or the agency's hours
// change; every process LISTENs and forgets everything it kept, and this process forgets before
// answering any change it makes itself. An answer also ends with its agency day, so the day rolling
// over never serves yesterday's "today".

import type { DashboardResponse } from '@aylal/shared/schemas/dashboard';
import { listenForChanges, type ChangeFeed, type ChangeListener } from '../../lib/listen-for-changes.ts';
import { forgetOnChange, type ListeningCache } from '../../lib/listening-cache.ts';

/** The channel the triggers of migration 0012 notify on. */
export const DASHBOARD_CHANGES_CHANNEL = 'aylal_dashboard_changes';

/** The dashboard's answers, kept by their period. */
export type DashboardCache = ListeningCache<DashboardResponse>;

/** Listens for changes to what the dashboard counts for `cache`; answers a function that stops. */
export function listenForDashboardChanges(feed: ChangeFeed, cache: ChangeListener): () => Promise<void> {
  return listenForChanges(feed, DASHBOARD_CHANGES_CHANNEL, cache);
}

/**
 * Where the changes the dashboard counts are made: accounts (signing up, a name, deleting one),
 * consultations, job applications, visa applications, contact messages, and staff's work on
 * those, trips, jobs, users and the agency's hours.
 */
const CHANGES_DASHBOARD =
  /^\/api\/(admin\/|auth\/|account|consultations|jobs\/[^/]+\/applications|applications|visa-applications|contact)/;

/** onSend: a change the dashboard counts answered by this process forgets it before it leaves. */
export function forgetDashboardOnChange(cache: Pick<ChangeListener, 'forgetAll'>) {
  return forgetOnChange(cache, CHANGES_DASHBOARD);
}
