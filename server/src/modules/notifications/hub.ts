import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import type { ChangeFeed } from '../../lib/listen-for-changes.ts';
import { AUTH_CHANGES_CHANNEL } from '../../plugins/session-cache.ts';
import { logError } from '../../lib/log-errors.ts';
import {
  isNotificationType,
  NOTIFICATION_CHANNEL,
  type ChannelMessage,
  type NotificationItem,
  type NotificationParams,
  type StreamEndReason,
} from '@aylal/shared/notifications';

/** The most missed notifications a reconnecting stream is sent (newest, oldest first). */
export const RESUME_LIMIT = 50;
/** A stream whose reader does not keep up is closed past this many unsent bytes (it resumes). */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** How long a new stream waits for the LISTEN connection before it goes on without it. */
const LISTEN_WAIT_MS = 5000;

/**
 * One open `GET /api/notifications/stream`: its response, whose it is (the user, their role when
 * it opened, the session it was opened with), and the last event id it was sent. Nothing else is
 * kept per stream (no buffer beyond the socket's own).
 */
export class LiveStream {
  /** The highest `seq` sent: after the LISTEN connection was down, what came later was missed. */
  lastSeq: number;
  /** Live events that came while the stream was sending what it missed; null once it is open. */
  private held: (() => void)[] | null = [];
  /** The ids sent as missed, while held events are let through (they may overlap); then null. */
  private replayed: Set<string> | null = new Set();

  constructor(
    readonly response: ServerResponse,
    readonly userId: string,
    readonly isAdmin: boolean,
    lastSeq: number,
    /** The session's token: the stream lives only as long as that session (decision 024). */
    readonly sessionToken: string,
  ) {
    this.lastSeq = lastSeq;
  }

  /** Writes raw SSE text; a reader too far behind is dropped (the browser reconnects and resumes). */
  write(text: string): void {
    const response = this.response;
    if (response.destroyed || response.writableEnded) return;
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      response.destroy();
      return;
    }
    response.write(text);
  }

  /** A notification as it is committed (live), in commit order: never dropped for its seq. */
  sendNotification(feed: 'user' | 'staff', item: NotificationItem): void {
    if (this.held) {
      this.held.push(() => this.sendNotification(feed, item));
      return;
    }
    if (this.replayed?.has(item.id)) return;
    this.writeNotification(feed, item);
  }

  /** A notification the reader missed (sent before anything held while it was looked up). */
  sendMissed(feed: 'user' | 'staff', item: NotificationItem): void {
    this.replayed?.add(item.id);
    this.writeNotification(feed, item);
  }

  sendCounts(counts: { user: number; staff?: number }): void {
    if (this.held) {
      this.held.push(() => this.sendCounts(counts));
      return;
    }
    this.write(`event: unread\ndata: ${JSON.stringify(counts)}\n\n`);
  }

  /** After the missed notifications: what came meanwhile (less what was just sent), then live. */
  open(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const send of held) send();
    this.replayed = null;
  }

  /**
   * Ends the stream, saying why (`session`: it ended, the browser must not reconnect; `role`:
   * the role changed, a reconnect gets what the new one allows). Nothing is sent after it.
   */
  end(reason: StreamEndReason): void {
    this.held = null;
    this.write(`event: ended\ndata: ${JSON.stringify({ reason })}\n\n`);
    if (!this.response.destroyed && !this.response.writableEnded) this.response.end();
  }

  private writeNotification(feed: 'user' | 'staff', item: NotificationItem): void {
    this.lastSeq = Math.max(this.lastSeq, item.seq);
    this.write(`event: notification\nid: ${item.seq}\ndata: ${JSON.stringify({ feed, item })}\n\n`);
  }
}

interface NotificationRow {
  id: string;
  seq: string | number;
  audience: string;
  recipient_id: string | null;
  type: string;
  params: NotificationParams;
  link: string;
  read_at: Date | null;
  created_at: Date;
  /** For the staff feed: whether the admin reading has read it. */
  staff_read?: boolean;
}

const ITEM_COLUMNS = 'n.id, n.seq, n.audience, n.recipient_id, n.type, n.params, n.link, n.read_at, n.created_at';

function toItem(row: NotificationRow, read: boolean): NotificationItem | null {
  if (!isNotificationType(row.type)) return null;
  return {
    id: row.id,
    seq: Number(row.seq),
    type: row.type,
    params: row.params ?? {},
    link: row.link,
    read,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

type Counts = { user: number; staff?: number };

interface CountBatch {
  users: Set<string>;
  admins: Set<string>;
  result: Promise<{ counts: Map<string, Counts>; maxSeq: number }>;
}

/**
 * Which of these session tokens are live, with their user and whether the session may read the
 * staff feed (an admin, with the second factor staff need: docs/decisions/023), read afresh.
 */
export type SessionCheck = (tokens: string[]) => Promise<Map<string, { userId: string; isStaff: boolean }>>;

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
 */
export class NotificationHub {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly admins = new Set<LiveStream>();
  private listening: Promise<void> | undefined;
  private markListening: (() => void) | undefined;
  private isListening = false;
  private started = false;
  private everConnected = false;
  private closed = false;
  private unsubscribe: (() => Promise<void>) | undefined;
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

  // Streams whose sessions are to be checked again (all of them, or these), gathered until the next check.
  private checkAll = false;
  private toCheck = new Set<LiveStream>();
  private checking = false;
  private checkScheduled = false;
  private unsubscribeAuth: (() => Promise<void>) | undefined;

  constructor(private readonly options: HubOptions) {}

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
          if (listening) this.checkSessions();
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
    let set = this.byUser.get(stream.userId);
    if (!set) this.byUser.set(stream.userId, (set = new Set()));
    set.add(stream);
    if (stream.isAdmin) this.admins.add(stream);
    // Its session was read before it was listed here (maybe from a cache a change had not yet
    // reached): checked once more, now that any change to it reaches the stream.
    this.checkSessions([stream]);
    try {
      if (resumeAfter !== null) {
        const missed = await this.missedSince(resumeAfter, [stream]);
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
  private countsOnConnect(stream: LiveStream): ReturnType<NotificationHub['countsFor']> {
    let batch = this.connecting;
    if (!batch) {
      const next = { users: new Set<string>(), admins: new Set<string>() } as CountBatch;
      next.result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.connecting = undefined;
        return this.countsFor([...next.users], [...next.admins]);
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

  /** Ends every stream (the browsers reconnect to another process) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
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
    this.checkSessions();
  }

  /** `aylal_auth_changes`: the ids of the users whose sessions or accounts changed ('' for anyone). */
  private receiveAuthChange(payload: string): void {
    if (payload === '') {
      this.checkSessions();
      return;
    }
    const streams = payload.split(',').flatMap((userId) => [...(this.byUser.get(userId) ?? [])]);
    // A process with no stream of theirs does nothing.
    if (streams.length > 0) this.checkSessions(streams);
  }

  /** Checks these streams' sessions (every stream's when none are given) soon, together with any others asked for. */
  private checkSessions(streams?: LiveStream[]): void {
    if (streams) for (const stream of streams) this.toCheck.add(stream);
    else this.checkAll = true;
    if (this.checkScheduled || this.checking || this.closed) return;
    this.checkScheduled = true;
    setImmediate(() => {
      this.checkScheduled = false;
      void this.runSessionCheck();
    });
  }

  /** One query for every stream asked about: those whose session ended, or whose role changed, are ended. */
  private async runSessionCheck(): Promise<void> {
    if (this.checking || this.closed) return;
    const streams = this.checkAll
      ? [...this.byUser.values()].flatMap((set) => [...set])
      : [...this.toCheck].filter((stream) => this.byUser.get(stream.userId)?.has(stream));
    this.checkAll = false;
    this.toCheck = new Set();
    if (streams.length === 0) return;
    this.checking = true;
    try {
      const live = await this.options.checkSessions([...new Set(streams.map((stream) => stream.sessionToken))]);
      for (const stream of streams) {
        const session = live.get(stream.sessionToken);
        if (!session || session.userId !== stream.userId) this.end(stream, 'session');
        else if (session.isStaff !== stream.isAdmin) this.end(stream, 'role');
      }
    } catch (error) {
      // The database is away: the streams stay until it answers (the next heartbeat asks again).
      // The message without the query's parameters: they are session tokens.
      const { message } = logError(error) as { message?: string };
      this.options.log.warn(`live stream: cannot check sessions (${message ?? 'unknown error'})`);
    } finally {
      this.checking = false;
      if (this.checkAll || this.toCheck.size > 0) this.checkSessions([]);
    }
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
        const { counts } = await this.countsFor(
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
    const { rows } = await this.options.pool.query<NotificationRow>(
      `select ${ITEM_COLUMNS} from notifications n where n.id = any($1::uuid[]) order by n.seq`,
      [ids],
    );
    for (const row of rows) {
      if (row.audience === 'staff') {
        const item = toItem(row, false);
        if (item) for (const stream of this.admins) stream.sendNotification('staff', item);
      } else if (row.recipient_id) {
        const item = toItem(row, row.read_at !== null);
        if (item) for (const stream of this.byUser.get(row.recipient_id) ?? []) stream.sendNotification('user', item);
      }
    }
  }

  /** After the LISTEN connection was down: every stream is sent what was committed meanwhile. */
  private async sendMissed(): Promise<void> {
    const streams = [...this.byUser.values()].flatMap((set) => [...set]);
    if (streams.length === 0) return;
    const since = Math.min(...streams.map((stream) => stream.lastSeq));
    const missed = await this.missedSince(since, streams);
    for (const [stream, events] of missed) {
      for (const { feed, item } of events) if (item.seq > stream.lastSeq) stream.sendNotification(feed, item);
    }
  }

  /** The notifications of these streams' readers after `seq` (the newest RESUME_LIMIT each, oldest first). */
  private async missedSince(
    seq: number,
    streams: LiveStream[],
  ): Promise<Map<LiveStream, { feed: 'user' | 'staff'; item: NotificationItem }[]>> {
    const userIds = [...new Set(streams.map((stream) => stream.userId))];
    const adminIds = [...new Set(streams.filter((stream) => stream.isAdmin).map((stream) => stream.userId))];
    const result = new Map<LiveStream, { feed: 'user' | 'staff'; item: NotificationItem }[]>();
    const { rows: own } = await this.options.pool.query<NotificationRow>(
      `select * from (
         select ${ITEM_COLUMNS}, row_number() over (partition by n.recipient_id order by n.seq desc) as rank
         from notifications n where n.recipient_id = any($1::text[]) and n.seq > $2
       ) n where rank <= ${RESUME_LIMIT} order by seq`,
      [userIds, seq],
    );
    let staff: (NotificationRow & { admin_id: string })[] = [];
    if (adminIds.length > 0) {
      ({ rows: staff } = await this.options.pool.query<NotificationRow & { admin_id: string }>(
        `select ${ITEM_COLUMNS}, a.id as admin_id,
           exists (select 1 from staff_notification_reads r where r.notification_id = n.id and r.admin_id = a.id) as staff_read
         from (select * from notifications where audience = 'staff' and seq > $2 order by seq desc limit ${RESUME_LIMIT}) n
         cross join unnest($1::text[]) as a(id)
         order by n.seq`,
        [adminIds, seq],
      ));
    }
    for (const stream of streams) {
      const events: { seq: number; feed: 'user' | 'staff'; item: NotificationItem }[] = [];
      for (const row of own) {
        if (row.recipient_id !== stream.userId) continue;
        const item = toItem(row, row.read_at !== null);
        if (item) events.push({ seq: item.seq, feed: 'user', item });
      }
      if (stream.isAdmin) {
        for (const row of staff) {
          if (row.admin_id !== stream.userId) continue;
          const item = toItem(row, Boolean(row.staff_read));
          if (item) events.push({ seq: item.seq, feed: 'staff', item });
        }
      }
      events.sort((a, b) => a.seq - b.seq);
      if (events.length > 0) result.set(stream, events.slice(-RESUME_LIMIT));
    }
    return result;
  }

  /**
   * Unread counts: a person's own unread, and for admins the staff feed's unread by them; and the
   * newest seq (where a new stream starts from).
   */
  private async countsFor(
    userIds: string[],
    adminIds: string[],
  ): Promise<{ counts: Map<string, { user: number; staff?: number }>; maxSeq: number }> {
    const { rows } = await this.options.pool.query<{
      id: string;
      user: number;
      staff: number | null;
      max_seq: string | null;
    }>(
      `select u.id,
         (select count(*)::int from notifications n where n.recipient_id = u.id and n.read_at is null) as "user",
         case when u.id = any($2::text[]) then
           (select count(*)::int from notifications n where n.audience = 'staff'
              and not exists (select 1 from staff_notification_reads r where r.notification_id = n.id and r.admin_id = u.id))
         end as staff,
         (select max(seq) from notifications) as max_seq
       from unnest($1::text[]) as u(id)`,
      [userIds, adminIds],
    );
    return {
      counts: new Map(
        rows.map((row) => [row.id, row.staff === null ? { user: row.user } : { user: row.user, staff: row.staff }]),
      ),
      maxSeq: Number(rows[0]?.max_seq ?? 0),
    };
  }
}
