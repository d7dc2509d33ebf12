// A staff list as served (docs/decisions/016, 017): each page's answer, its rows and its total, is
// kept per query for CATALOGUE_CACHE_SECONDS and forgotten the moment anything it shows changes, in
// any process, so staff see a change at once. Each list names the channel its migration's triggers
// NOTIFY on; every process LISTENs there (through the process's shared ChangeFeed) and forgets
// everything it kept. This process also forgets before answering any such change it makes itself
// (its next page is never older than its own change), a read that began before a change is never
// kept, and while the LISTEN connection is down nothing is kept at all.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeListener } from './listen-for-changes.ts';
import { sharedAnswer, type SharedAnswer } from './ttl-cache.ts';

export class ListCache<Answer> {
  private readonly entries = new Map<string, { answer: Promise<SharedAnswer<Answer>>; until: number }>();
  private listening = false;

  /** `ttlMs` 0 keeps nothing. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  /** The answer kept for `key`, or `load`'s (shared by the requests asking meanwhile). */
  get(key: string, load: () => Promise<Answer>): Promise<SharedAnswer<Answer>> {
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

/**
 * onSend: a change answered by this process (any method but GET and HEAD, succeeded) to a path
 * `changes` matches forgets the list before the answer leaves, before the database's notification
 * arrives; so does a GET `changingReads` matches (a read that changes what the list shows).
 */
export function forgetListOnChange(cache: Pick<ChangeListener, 'forgetAll'>, changes: RegExp, changingReads?: RegExp) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode >= 400) return;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead ? changingReads?.test(request.url) : changes.test(request.url)) cache.forgetAll();
  };
}
