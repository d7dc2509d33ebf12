// Staff's list of applications as served (docs/decisions/016): each page's answer, its rows and its
// total, is kept per query for CATALOGUE_CACHE_SECONDS and forgotten the moment anything it shows
// changes, in any process, so staff see a state change at once. Read afresh, a page costs its
// process about a millisecond of the database: on 2 cores fifty staff screens asking at once queue
// for it (about 500 answers a second, p95 near 180 ms); kept, the same pages are answered from
// memory (decision 016, Consequences).
//
// Forgetting (lib/listening-cache.ts): migration 0008's triggers NOTIFY `aylal_visa_changes` when an
// application other than a draft is written, deleted or submitted, a payment or a dependant changes,
// or the agency's hours (their time zone places the list's days); every process LISTENs and forgets
// everything it kept, and this process forgets before answering any such change it makes itself
// (its route's tags, `VISA_LIST_SHOWS`; lib/changes.ts): an autosave of a draft is none.

import type { AdminVisaListResponse } from '@aylal/shared/schemas/visa';
import type { ChangeTag } from '../../lib/changes.ts';
import type { ListeningCache } from '../../lib/listening-cache.ts';

/** The channel the triggers of migration 0008 notify on. */
export const VISA_CHANGES_CHANNEL = 'aylal_visa_changes';

/** Staff's list pages, kept by their query. */
export type VisaListCache = ListeningCache<AdminVisaListResponse>;

/** What the list shows, as routes say they change it: applications staff see (their dependants, payments) and the agency's hours. */
export const VISA_LIST_SHOWS: readonly ChangeTag[] = ['visa', 'hours'];
