// Staff's inbox as served (docs/decisions/017; lib/listening-cache.ts keeps it). Read afresh, a page is
// an index read, but its total counts every conversation the filters leave (90,000 of 100,000 with
// none), milliseconds of the database each; kept, the same pages are answered from memory.
//
// Forgetting: migration 0013's triggers NOTIFY `aylal_contact_changes` when a message is written
// (sent, marked read, replied to, assigned, set to a state, merged) or deleted, an account's name changes
// (the list shows its assignee's), or the agency's hours (their time zone places the list's days).

import type { AdminContactListResponse } from '@aylal/shared/schemas/contact';
import { listenForChanges, type ChangeFeed, type ChangeListener } from '../../lib/listen-for-changes.ts';
import { forgetOnChange, type ListeningCache } from '../../lib/listening-cache.ts';

/** The channel the triggers of migration 0013 notify on. */
export const CONTACT_CHANGES_CHANNEL = 'aylal_contact_changes';

/** Staff's inbox pages, kept by their query. */
export type ContactListCache = ListeningCache<AdminContactListResponse>;

/** Listens for changes to contact messages for `cache`; answers a function that stops. */
export function listenForContactChanges(feed: ChangeFeed, cache: ChangeListener): () => Promise<void> {
  return listenForChanges(feed, CONTACT_CHANGES_CHANNEL, cache);
}

/**
 * The routes of the changes the list shows (matched routes, decision 021): messages (sent, and staff's changes, marking one read
 * included) and the agency's hours. No read changes anything (opening a conversation is a GET, and
 * marking it read its own POST), so reads never forget.
 */
const CHANGES_LIST = /^\/api\/(admin\/)?contact|^\/api\/admin\/settings\/consultation-hours/;

/** onSend: this process's own change to what the list shows forgets it before the answer leaves. */
export function forgetContactListOnChange(cache: Pick<ChangeListener, 'forgetAll'>) {
  return forgetOnChange(cache, CHANGES_LIST);
}
