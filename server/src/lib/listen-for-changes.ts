import pg from 'pg';

/** What a cache forgotten on a PostgreSQL notification needs to be told. */
export interface ChangeListener {
  /** The LISTEN is in place (keep what you read) or the connection is down (keep nothing). */
  setListening: (listening: boolean) => void;
  /** A notification came: something changed somewhere. */
  forgetAll: () => void;
}

/** The `application_name` of the shared LISTEN connection (pg_stat_activity shows it). */
export const LISTEN_APPLICATION_NAME = 'aylal-listen';

/** One channel's subscriber on the process's shared LISTEN connection. */
export interface ChannelSubscriber {
  /** LISTEN on the channel is in place (true), or the connection went down (false). */
  setListening: (listening: boolean) => void;
  /** A notification on the channel, with its payload ('' when none). */
  receive: (payload: string) => void;
}

/**
 * The process's one LISTEN connection (not the pool's), shared by every channel it listens to:
 * the session cache, staff's visa list and dashboard, and the live notifications. Opened on the first subscription,
 * it reconnects with backoff when it drops and LISTENs again on every channel; each subscriber is
 * told when its channel is (or no longer is) listened to, and gets that channel's notifications.
 */
export class ChangeFeed {
  private readonly channels = new Map<string, Set<ChannelSubscriber>>();
  private client: pg.Client | undefined;
  /** The channels LISTENed on the current connection. */
  private listened = new Set<string>();
  private connected = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private delay = 250;
  private connections = 0;

  constructor(
    private readonly options: {
      connectionString: string;
      log: { warn: (message: string) => void };
    },
  ) {}

  /** Listens on `channel` for this subscriber; answers a function that stops. */
  subscribe(channel: string, subscriber: ChannelSubscriber): () => Promise<void> {
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(subscriber);
    if (this.closed) return async () => undefined;
    if (this.connected && this.client) {
      if (this.listened.has(channel)) subscriber.setListening(true);
      else void this.listen(this.client, channel);
    } else if (!this.client && !this.retry) {
      void this.connect();
    }
    return async () => {
      subscriber.setListening(false);
      set.delete(subscriber);
    };
  }

  /** Whether LISTEN on `channel` is in place now, and how many times the connection was opened (tests' diagnostics). */
  state(channel: string): { listening: boolean; connections: number } {
    return { listening: this.connected && this.listened.has(channel), connections: this.connections };
  }

  /** Stops listening for good. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    for (const set of this.channels.values()) for (const subscriber of set) subscriber.setListening(false);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private async listen(client: pg.Client, channel: string): Promise<void> {
    try {
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      // The connection is going away: its 'error' or 'end' reconnects and listens again.
      return;
    }
    if (this.client !== client || this.closed) return;
    this.listened.add(channel);
    for (const subscriber of this.channels.get(channel) ?? []) subscriber.setListening(true);
  }

  private async connect(): Promise<void> {
    this.retry = undefined;
    if (this.closed) return;
    const next = new pg.Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: 5000,
      // Named, so that it can be told apart in pg_stat_activity.
      application_name: LISTEN_APPLICATION_NAME,
    });
    let wasConnected = false;
    const drop = () => {
      if (this.client !== next) return;
      this.client = undefined;
      this.connected = false;
      this.listened = new Set();
      next.end().catch(() => undefined);
      for (const set of this.channels.values()) for (const subscriber of set) subscriber.setListening(false);
      if (this.closed) return;
      this.options.log.warn(
        wasConnected
          ? 'the LISTEN connection dropped; reconnecting (caches keep nothing and live notifications wait meanwhile)'
          : 'cannot open the LISTEN connection; retrying (caches keep nothing and live notifications wait meanwhile)',
      );
      this.retry = setTimeout(() => void this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 10_000);
    };
    next.on('error', drop);
    next.on('end', drop);
    next.on('notification', (message) => {
      for (const subscriber of this.channels.get(message.channel) ?? []) subscriber.receive(message.payload ?? '');
    });
    this.client = next;
    try {
      await next.connect();
    } catch {
      drop();
      return;
    }
    if (this.closed || this.client !== next) return;
    wasConnected = true;
    this.connected = true;
    this.connections += 1;
    this.delay = 250;
    // One after another: a pg client runs one query at a time (queuing more is deprecated).
    for (const channel of [...this.channels.keys()]) await this.listen(next, channel);
  }
}

/**
 * Forgets a cache at every notification on `channel` (through the process's shared connection);
 * the cache keeps nothing while the channel is not listened to. Answers a function that stops.
 */
export function listenForChanges(feed: ChangeFeed, channel: string, cache: ChangeListener): () => Promise<void> {
  return feed.subscribe(channel, {
    setListening: (listening) => cache.setListening(listening),
    receive: () => cache.forgetAll(),
  });
}
