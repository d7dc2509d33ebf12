import type { SessionUser } from '@aylal/shared/schemas/auth';
import { listenForChanges, type ChangeFeed } from '../lib/listen-for-changes.ts';

/** The channel the triggers of migration 0006 notify on any change to a session or a user. */
export const AUTH_CHANGES_CHANNEL = 'aylal_auth_changes';
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  user: T;
  /** When to read the session again: its own expiry or the TTL, whichever comes first. */
  until: number;
}

/**
 * Signed-in users by session token, for a minute at most, so that a signed-in request costs no
 * query (docs/decisions/010-hardening.md). Correctness comes before speed:
 * - any change to a session or to what is read of a user, in any process, forgets everything
 *   (PostgreSQL triggers NOTIFY, every process LISTENs on a connection of its own);
 * - a write answered by this process forgets everything before its answer leaves, so the
 *   writer's next request never sees the old state;
 * - a read that raced a change is not kept (the generation moved on while it ran);
 * - while the LISTEN connection is down, nothing is kept at all.
 */
export class SessionCache<T = SessionUser> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;
  private listening = false;

  get(token: string): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (!this.listening || entry.until <= Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.user;
  }

  /** The generation to hand back to `set` after reading the database. */
  begin(): number {
    return this.generation;
  }

  set(token: string, user: T, expiresAt: Date, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { user, until: Math.min(expiresAt.getTime(), Date.now() + TTL_MS) });
  }

  forgetAll(): void {
    this.entries.clear();
    this.generation += 1;
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
 * Listens (through the process's shared LISTEN connection) for changes to sessions and users; the
 * cache keeps nothing while that is down. Answers a function that stops.
 */
export function listenForAuthChanges<T>(feed: ChangeFeed, cache: SessionCache<T>): () => Promise<void> {
  return listenForChanges(feed, AUTH_CHANGES_CHANNEL, cache);
}
