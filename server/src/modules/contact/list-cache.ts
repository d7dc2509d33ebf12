// Staff's inbox as served (docs/decisions/017; lib/listening-cache.ts keeps it). Read afresh, a page is
// an index read, but its total counts every conversation the filters leave (90,000 of 100,000 with
// none), milliseconds of the database each; kept, the same pages are answered from memory.
//
// Forgetting: migration 0013's triggers NOTIFY `aylal_contact_changes` when a message is written
// (sent, marked read, replied to, assigned, set to a state, merged) or deleted, an account's name changes
// (the list shows its assignee's), or the agency's hours (their time zone places the list's days); in
// the process that answers such a change, its route's tags (`CONTACT_LIST_SHOWS`, lib/changes.ts).

import type { AdminContactListResponse } from '@aylal/shared/schemas/contact';
import type { ChangeTag } from '../../lib/changes.ts';
import type { ListeningCache } from '../../lib/listening-cache.ts';

/** The channel the triggers of migration 0013 notify on. */
export const CONTACT_CHANGES_CHANNEL = 'aylal_contact_changes';

/** Staff's inbox pages, kept by their query. */
export type ContactListCache = ListeningCache<AdminContactListResponse>;

/** What the list shows, as routes say they change it: messages, names (of assignees) and the agency's hours. */
export const CONTACT_LIST_SHOWS: readonly ChangeTag[] = ['contact', 'account', 'hours'];
