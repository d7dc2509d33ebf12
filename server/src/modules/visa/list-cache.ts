// Staff's list of applications as served (docs/decisions/016; lib/list-cache.ts keeps it). Read
// afresh, a page costs its process about a millisecond of the database: on 2 cores fifty staff
// screens asking at once queue for it (about 500 answers a second, p95 near 180 ms); kept, the same
// pages are answered from memory (decision 016, Consequences).
//
// Forgetting: migration 0008's triggers NOTIFY `aylal_visa_changes` when an application other than
// a draft is written, deleted or submitted, a payment or a dependant changes, or the agency's hours
// (their time zone places the list's days).

import type { AdminVisaListResponse } from '@aylal/shared/schemas/visa';
import { forgetListOnChange, ListCache } from '../../lib/list-cache.ts';
import { listenForChanges, type ChangeFeed, type ChangeListener } from '../../lib/listen-for-changes.ts';

/** The channel the triggers of migration 0008 notify on. */
export const VISA_CHANGES_CHANNEL = 'aylal_visa_changes';

export class VisaListCache extends ListCache<AdminVisaListResponse> {}

/** Listens for changes to applications for `cache`; answers a function that stops. */
export function listenForVisaChanges(feed: ChangeFeed, cache: ChangeListener): () => Promise<void> {
  return listenForChanges(feed, VISA_CHANGES_CHANNEL, cache);
}

/** Where the changes the list shows are made: applications (the applicant's and staff's) and the agency's hours. */
const CHANGES_LIST = /^\/api\/(admin\/)?visa-applications|^\/api\/admin\/settings\/consultation-hours/;

/** onSend: this process's own change to what the list shows forgets it before the answer leaves. */
export function forgetVisaListOnChange(cache: Pick<ChangeListener, 'forgetAll'>) {
  return forgetListOnChange(cache, CHANGES_LIST);
}
