// Answers staff share, kept per process for a short time and forgotten the moment anything they
// show changes, in any process (staff's visa list, decision 016; the staff dashboard, decision 020).
// Database triggers NOTIFY a channel at every such change; the process's shared LISTEN connection
// (listen-for-changes.ts) tells the cache, which forgets everything it kept. This process also
// forgets before answering any such change it makes itself (`forgetOnChange`: its next answer is
// never older than its own change), a read that began before a change is never kept, and while the
// LISTEN connection is down nothing is kept at all.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeListener } from './listen-for-changes.ts';
import { sharedAnswer, type SharedAnswer } from './ttl-cache.ts';

export class ListeningCache<V> {
  private readonly entries = new Map<string, { answer: Promise<SharedAnswer<V>>; until: number }>();
  private listening = false;

  /** `ttlMs` 0 keeps nothing. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  /**
   * The answer kept for `key`, or `load`'s (shared by the requests asking meanwhile). `expires`
   * may end an answer's time sooner, at a moment it knows (e.g. the end of the day it counts).
   */
  get(key: string, load: () => Promise<V>, expires?: (value: V) => number): Promise<SharedAnswer<V>> {
    if (!this.listening || this.ttlMs <= 0) return load().then(sharedAnswer);
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && kept.until > now) return kept.answer;
    // Kept at once, so a change forgetting everything also forgets a read still running.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const answer = load().then(sharedAnswer);
    const entry = { answer, until: now + this.ttlMs };
    this.entries.set(key, entry);
    answer.then(
      (loaded) => {
        if (expires) entry.until = Math.min(entry.until, expires(loaded.value));
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
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
 * onSend: a change answered by this process (any method but GET and HEAD, succeeded) to a route
 * `changes` matches forgets `cache` before the answer leaves, before the database's notification
 * arrives; so does a read `changingReads` matches (a read that changes what is kept). The patterns
 * are tested against the route the router matched (`/api/admin/contact-messages/:id`,
 * `/api/auth/*`), never the raw URL, which may spell it otherwise (`/%61pi/...`; decision 021).
 */
export function forgetOnChange(cache: Pick<ChangeListener, 'forgetAll'>, changes: RegExp, changingReads?: RegExp) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    if (reply.statusCode >= 400 || route === undefined) return;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead ? changingReads?.test(route) : changes.test(route)) cache.forgetAll();
  };
}
