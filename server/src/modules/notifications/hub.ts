import type pg from 'pg';
import type { ChangeFeed } from '../../lib/listen-for-changes.ts';
import { AUTH_CHANGES_CHANNEL } from '../../plugins/session-cache.ts';
import { NOTIFICATION_CHANNEL, type ChannelMessage, type StreamEndReason } from '@aylal/shared/notifications';
import { countsFor, missedSince, readNew, type Counts } from './live-reads.ts';
import type { LiveStream } from './live-stream.ts';
import { StreamSessions, type SessionCheck } from './stream-sessions.ts';

/** How long a new stream waits for the LISTEN connection before it goes on without it. */
const LISTEN_WAIT_MS = 5000;

interface CountBatch {
  users: Set<string>;
  admins: Set<string>;
  result: Promise<{ counts: Map<string, Counts>; maxSeq: number }>;
}

export interface HubOptions {
  /** The process's shared LISTEN connection. */
  feed: ChangeFeed;
  /** How a stream's session is checked again (plugins/session.ts `findLiveSessions`). */
  checkSessions: SessionCheck;
  /** The app's pool: the hub's reads (one notification, counts) are short queries on it. */
  pool: pg.Pool;
  heartbeatMs: number;
  log: { warn: (message: string) => void; info?: (message: string) => void };
}

/**
 * The live side of one process (decision 014): it LISTENs on `aylal_notifications` through the
 * process's shared LISTEN connection (`lib/listen-for-changes.ts`), and keeps the streams open on
 * this process by user. A committed notification is read once (by id) and sent to every stream of
 * its reader (every admin's for the staff feed), followed by fresh unread counts. Messages that
 * arrive together are handled together: one read of the new notifications, one count query for
 * every reader concerned. While the connection is down it reconnects with backoff; once back,
 * every stream is sent what it missed and fresh counts.
 *
 * A stream lives only as long as its session and the role it opened with (decision 024): the
 * hub also LISTENs on `aylal_auth_changes`, whose payload names the users whose sessions or
 * accounts changed, and checks those users' streams again at once (one query); every stream is
 * checked again at each heartbeat, on connecting and after the LISTEN connection was down, so a
 * missed notification ends it within a heartbeat. A stream whose session ended, or whose user's
 * role changed, is ended (`event: ended`).
 *
 * Beside it: `live-stream.ts` (one open stream), `live-reads.ts` (its queries, items mapped as the
 * lists map them: `items.ts`) and `stream-sessions.ts` (the sessions' checks).
 */
/** How long a stream ended by a stopping process waits to reconnect: spread over 0.5–3 s. */
function sendElsewhere(stream: LiveStream): void {
  stream.write(`retry: ${500 + Math.floor(Math.random() * 2500)}\n\n`);
  stream.response.end();
}

export class NotificationHub {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly admins = new Set<LiveStream>();
  private listening: Promise<void> | undefined;
  private markListening: (() => void) | undefined;
  private isListening = false;
  private started = false;
  private everConnected = false;
  private closed = false;
  private draining = false;
  private unsubscribe: (() => Promise<void>) | undefined;
  private unsubscribeAuth: (() => Promise<void>) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Streams connecting in this turn of the event loop: their counts are read together. */
  private connecting: CountBatch | undefined;

  // Work gathered until the next flush.
  private pendingNew: ChannelMessage[] = [];
  private pendingCounts = new Set<string>();
  private pendingAllAdmins = false;
  private pendingResume = false;
  private flushing = false;
  private flushScheduled = false;

  /** Every stream's session checked again (at once for the users an auth change names). */
  private readonly sessions: StreamSessions;

  constructor(private readonly options: HubOptions) {
    this.sessions = new StreamSessions({
      checkSessions: options.checkSessions,
      log: options.log,
      streams: () => this.allStreams(),
      isOpen: (stream) => this.byUser.get(stream.userId)?.has(stream) ?? false,
      end: (stream, reason) => this.end(stream, reason),
    });
  }

  private allStreams(): LiveStream[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  get streamCount(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /** Starts listening on first use; resolves once LISTEN is in place (or after a bounded wait). */
  async ready(): Promise<void> {
    if (!this.started) {
      this.started = true;
      this.resetListening();
      this.unsubscribe = this.options.feed.subscribe(NOTIFICATION_CHANNEL, {
        setListening: (listening) => this.setListening(listening),
        receive: (payload) => {
          if (payload) this.receive(payload);
        },
      });
      this.unsubscribeAuth = this.options.feed.subscribe(AUTH_CHANGES_CHANNEL, {
        // Back after a loss: what changed meanwhile was not heard, so every stream is checked.
        setListening: (listening) => {
          if (listening) this.sessions.check();
        },
        receive: (payload) => this.receiveAuthChange(payload),
      });
      this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
      this.heartbeat.unref();
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.listening,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, LISTEN_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  /**
   * Adds a stream: it is sent what it missed (after `resumeAfter`, the reader's Last-Event-ID, when
   * given) and the current counts, then everything live. Live events that arrive meanwhile wait.
   */
  async add(stream: LiveStream, resumeAfter: number | null): Promise<void> {
    if (this.draining) return sendElsewhere(stream);
    let set = this.byUser.get(stream.userId);
    if (!set) this.byUser.set(stream.userId, (set = new Set()));
    set.add(stream);
    if (stream.isAdmin) this.admins.add(stream);
    // Its session was read before it was listed here (maybe from a cache a change had not yet
    // reached): checked once more, now that any change to it reaches the stream.
    this.sessions.check([stream]);
    try {
      if (resumeAfter !== null) {
        const missed = await missedSince(this.options.pool, resumeAfter, [stream]);
        for (const { feed, item } of missed.get(stream) ?? []) stream.sendMissed(feed, item);
      }
      const { counts, maxSeq } = await this.countsOnConnect(stream);
      stream.lastSeq = Math.max(stream.lastSeq, maxSeq);
      stream.open();
      stream.sendCounts(counts.get(stream.userId) ?? { user: 0, ...(stream.isAdmin ? { staff: 0 } : {}) });
    } catch (error) {
      this.options.log.warn(`live stream: cannot send what was missed (${(error as Error).message})`);
      stream.open();
    }
  }

  /**
   * The counts of a stream that connects, read with those of every other stream connecting in the
   * same turn of the event loop (a process restarting sends its browsers to the others at once).
   */
  private countsOnConnect(stream: LiveStream): ReturnType<typeof countsFor> {
    let batch = this.connecting;
    if (!batch) {
      const next = { users: new Set<string>(), admins: new Set<string>() } as CountBatch;
      next.result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.connecting = undefined;
        return countsFor(this.options.pool, [...next.users], [...next.admins]);
      });
      this.connecting = batch = next;
    }
    batch.users.add(stream.userId);
    if (stream.isAdmin) batch.admins.add(stream.userId);
    return batch.result;
  }

  remove(stream: LiveStream): void {
    const set = this.byUser.get(stream.userId);
    set?.delete(stream);
    if (set && set.size === 0) this.byUser.delete(stream.userId);
    this.admins.delete(stream);
  }

  /**
   * The process is stopping (issue 26): every stream, and any that opens from now on, is ended
   * with a hint to reconnect in a moment, by when the load balancer sends it to another process.
   */
  drain(): void {
    this.draining = true;
    for (const stream of this.allStreams()) sendElsewhere(stream);
  }

  /** Ends every stream (the browsers reconnect to another process) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    this.sessions.close();
    clearInterval(this.heartbeat);
    for (const set of this.byUser.values()) for (const stream of set) stream.response.end();
    this.byUser.clear();
    this.admins.clear();
    await this.unsubscribe?.();
    await this.unsubscribeAuth?.();
  }

  private beat(): void {
    for (const set of this.byUser.values()) for (const stream of set) stream.write(': hb\n\n');
    // Whatever a missed notification did not end, this does, within a heartbeat.
    this.sessions.check();
  }

  /** `aylal_auth_changes`: the ids of the users whose sessions or accounts changed ('' for anyone). */
  private receiveAuthChange(payload: string): void {
    if (payload === '') {
      this.sessions.check();
      return;
    }
    const streams = payload.split(',').flatMap((userId) => [...(this.byUser.get(userId) ?? [])]);
    // A process with no stream of theirs does nothing.
    if (streams.length > 0) this.sessions.check(streams);
  }

  private end(stream: LiveStream, reason: StreamEndReason): void {
    this.remove(stream);
    stream.end(reason);
  }

  private resetListening(): void {
    this.listening = new Promise((resolve) => (this.markListening = resolve));
  }

  /** The shared connection LISTENs on our channel (true), or went down (false). */
  private setListening(listening: boolean): void {
    if (listening === this.isListening || this.closed) return;
    this.isListening = listening;
    if (!listening) {
      this.resetListening();
      return;
    }
    if (this.everConnected) {
      // Whatever was committed while we were deaf: send it, and counts to everyone.
      this.pendingResume = true;
      this.pendingAllAdmins = true;
      for (const userId of this.byUser.keys()) this.pendingCounts.add(userId);
      this.schedule();
    }
    this.everConnected = true;
    this.markListening?.();
  }

  private receive(payload: string): void {
    let message: ChannelMessage;
    try {
      message = JSON.parse(payload) as ChannelMessage;
    } catch {
      return;
    }
    const userId = typeof message.userId === 'string' ? message.userId : null;
    // Only what concerns a stream open here costs anything.
    const concerned = userId === null ? this.admins.size > 0 : this.byUser.has(userId);
    if (!concerned) return;
    if (message.kind === 'new' && typeof message.id === 'string') this.pendingNew.push({ ...message, userId });
    if (userId === null) this.pendingAllAdmins = true;
    else this.pendingCounts.add(userId);
    this.schedule();
  }

  /** Handles what has gathered, once the current flush (if any) is done: coalesces bursts. */
  private schedule(): void {
    if (this.flushScheduled || this.flushing) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.closed) return;
    this.flushing = true;
    const fresh = this.pendingNew;
    const userIds = [...this.pendingCounts];
    const allAdmins = this.pendingAllAdmins;
    const resume = this.pendingResume;
    this.pendingNew = [];
    this.pendingCounts = new Set();
    this.pendingAllAdmins = false;
    this.pendingResume = false;
    try {
      if (resume) await this.sendMissed();
      if (fresh.length > 0) await this.sendNew(fresh.map((message) => (message as { id: string }).id));
      const adminIds = allAdmins ? [...new Set([...this.admins].map((stream) => stream.userId))] : [];
      const countUserIds = [...new Set([...userIds, ...adminIds])].filter((id) => this.byUser.has(id));
      if (countUserIds.length > 0) {
        const adminSet = new Set([...this.admins].map((stream) => stream.userId));
        const { counts } = await countsFor(
          this.options.pool,
          countUserIds,
          countUserIds.filter((id) => adminSet.has(id)),
        );
        for (const [userId, value] of counts)
          for (const stream of this.byUser.get(userId) ?? []) stream.sendCounts(value);
      }
    } catch (error) {
      this.options.log.warn(`live notifications: cannot forward (${(error as Error).message})`);
    } finally {
      this.flushing = false;
      if (this.pendingNew.length > 0 || this.pendingCounts.size > 0 || this.pendingAllAdmins || this.pendingResume)
        this.schedule();
    }
  }

  private async sendNew(ids: string[]): Promise<void> {
    for (const news of await readNew(this.options.pool, ids)) {
      const streams = news.feed === 'staff' ? this.admins : (this.byUser.get(news.recipientId) ?? []);
      for (const stream of streams) stream.sendNotification(news.feed, news.item);
    }
  }

  /** After the LISTEN connection was down: every stream is sent what was committed meanwhile. */
  private async sendMissed(): Promise<void> {
    const streams = this.allStreams();
    if (streams.length === 0) return;
    const since = Math.min(...streams.map((stream) => stream.lastSeq));
    const missed = await missedSince(this.options.pool, since, streams);
    for (const [stream, events] of missed) {
      for (const { feed, item } of events) if (item.seq > stream.lastSeq) stream.sendNotification(feed, item);
    }
  }
}
