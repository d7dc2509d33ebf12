// Answers staff share, kept per process for a short time and forgotten the moment anything they
// show changes, in any process (staff's visa list, decision 016; the staff dashboard, decision 020).
// Database triggers NOTIFY a channel at every such change; the process's shared LISTEN connection
// (listen-for-changes.ts) tells the cache, which forgets everything it kept. This process also
// forgets before answering any such change it makes itself (its route's tags, changes.ts: its next answer is
// never older than its own change), a read that began before a change is never kept, and while the
// LISTEN connection is down nothing is kept at all.

import { sharedAnswer, type SharedAnswer } from './ttl-cache.ts';

export class ListeningCache<V> {
  private readonly entries = new Map<string, { answer: Promise<SharedAnswer<V>>; until: number }>();
  private listening = false;
  /** Told of each read, kept or loaded (the metrics count them: lib/changes.ts sets it). */
  observe: (hit: boolean) => void = () => undefined;

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
    const now = Date.now();
    const kept = this.listening && this.ttlMs > 0 ? this.entries.get(key) : undefined;
    this.observe(kept !== undefined && kept.until > now);
    if (!this.listening || this.ttlMs <= 0) return load().then(sharedAnswer);
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

  /** Whether it keeps anything at all (a time to keep answers). */
  get keepsAnswers(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
