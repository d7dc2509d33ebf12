import type { FastifyReply } from 'fastify';

/**
 * A small in-process cache for answers that many visitors share (the public trip catalogue).
 * Entries are fresh for `ttlMs`; after that the stale answer is still served at once while one
 * refresh runs in the background, so visitors never wait for a recount. Writes clear everything
 * in the process that made them; other processes catch up within `ttlMs`.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; fresh: number; refreshing: boolean }>();

  /** Told of each read, kept or loaded (the metrics count them: lib/changes.ts sets it). */
  observe: (hit: boolean) => void = () => undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  /** The cached value for `key`, or what `load` yields (shared by concurrent callers). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const entry = this.ttlMs > 0 ? this.entries.get(key) : undefined;
    this.observe(entry !== undefined);
    if (this.ttlMs <= 0) return load();
    if (entry) {
      if (entry.fresh <= now && !entry.refreshing) this.refresh(key, entry, load);
      return entry.value;
    }
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const value = load();
    this.entries.set(key, { value, fresh: now + this.ttlMs, refreshing: false });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  private refresh(
    key: string,
    entry: { value: Promise<V>; fresh: number; refreshing: boolean },
    load: () => Promise<V>,
  ) {
    entry.refreshing = true;
    load().then(
      (value) => {
        if (this.entries.get(key) === entry) {
          this.entries.set(key, { value: Promise.resolve(value), fresh: Date.now() + this.ttlMs, refreshing: false });
        }
      },
      () => {
        entry.refreshing = false;
      },
    );
  }

  forgetAll() {
    this.entries.clear();
  }
}

/** An answer many visitors share, kept with its JSON so it is written out once. */
export interface SharedAnswer<V> {
  value: V;
  json: string;
}

export function sharedAnswer<V>(value: V): SharedAnswer<V> {
  return { value, json: JSON.stringify(value) };
}

/** Sends a shared answer's JSON as it is (a string payload skips the route's response serializer). */
export function sendSharedAnswer(reply: FastifyReply, answer: SharedAnswer<unknown>) {
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

/** A cache of shared answers kept `seconds` (0: nothing kept). */
export function sharedCache<V>(seconds: number): TtlCache<SharedAnswer<V>> {
  return new TtlCache<SharedAnswer<V>>(seconds * 1000);
}
