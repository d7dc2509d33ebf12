// Staff's list of applications as served (docs/decisions/016): each page's answer, its rows and its
// total, is kept per query for CATALOGUE_CACHE_SECONDS and forgotten the moment anything it shows
// changes, in any process, so staff see a state change at once. Read afresh, a page costs its
// process about a millisecond of the database: on 2 cores fifty staff screens asking at once queue
// for it (about 500 answers a second, p95 near 180 ms); kept, the same pages are answered from
// memory (decision 016, Consequences).
//
// Forgetting: migration 0008's triggers NOTIFY `aylal_visa_changes` when an application other than
// a draft is written, deleted or submitted, a payment or a dependant changes, or the agency's hours
// (their time zone places the list's days); every process LISTENs and forgets everything it kept.
// This process also forgets before answering any such change it makes itself (its next page is
// never older than its own change), a read that began before a change is never kept, and while the
// LISTEN connection is down nothing is kept at all.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminVisaListResponse } from '@aylal/shared/schemas/visa';
import { listenForChanges, type ChangeFeed, type ChangeListener } from '../../lib/listen-for-changes.ts';
import { sharedAnswer, type SharedAnswer } from '../../lib/ttl-cache.ts';

/** The channel the triggers of migration 0008 notify on. */
export const VISA_CHANGES_CHANNEL = 'aylal_visa_changes';

export class VisaListCache {
  private readonly entries = new Map<string, { answer: Promise<SharedAnswer<AdminVisaListResponse>>; until: number }>();
  private listening = false;

  /** `ttlMs` 0 keeps nothing. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  /** The answer kept for `key`, or `load`'s (shared by the requests asking meanwhile). */
  get(key: string, load: () => Promise<AdminVisaListResponse>): Promise<SharedAnswer<AdminVisaListResponse>> {
    if (!this.listening || this.ttlMs <= 0) return load().then(sharedAnswer);
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.until > now) return entry.answer;
    // Kept at once, so a change forgetting everything also forgets a read still running.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const answer = load().then(sharedAnswer);
    this.entries.set(key, { answer, until: now + this.ttlMs });
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return answer;
  }

  forgetAll(): void {
    this.entries.clear();
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    this.forgetAll();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Listens for changes to applications for `cache`; answers a function that stops. */
export function listenForVisaChanges(feed: ChangeFeed, cache: ChangeListener): () => Promise<void> {
  return listenForChanges(feed, VISA_CHANGES_CHANNEL, cache);
}

/** Where the changes the list shows are made: applications (the applicant's and staff's) and the agency's hours. */
const CHANGES_LIST = /^\/api\/(admin\/)?visa-applications|^\/api\/admin\/settings\/consultation-hours/;

/**
 * onSend: a change to what the list shows answered by this process forgets the list before the
 * answer leaves, before the database's notification arrives.
 */
export function forgetVisaListOnChange(cache: Pick<ChangeListener, 'forgetAll'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (CHANGES_LIST.test(request.url)) cache.forgetAll();
  };
}
