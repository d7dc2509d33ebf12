import pg from 'pg';

/** What a cache forgotten on a PostgreSQL notification needs to be told. */
export interface ChangeListener {
  /** The LISTEN connection is up (keep what you read) or down (keep nothing). */
  setListening: (listening: boolean) => void;
  /** A notification came: something changed somewhere. */
  forgetAll: () => void;
}

/**
 * Keeps a LISTEN connection on `channel` open for a cache, reconnecting with backoff; the cache is
 * told to keep nothing while it is down, and to forget everything at each notification. Answers a
 * function that closes it.
 */
export function listenForChanges(
  connectionString: string,
  channel: string,
  cache: ChangeListener,
  log: { warn: (message: string) => void },
  warning: string,
): () => Promise<void> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    const drop = () => {
      if (client !== next) return;
      client = undefined;
      cache.setListening(false);
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 10_000);
    };
    next.on('error', drop);
    next.on('end', drop);
    next.on('notification', () => cache.forgetAll());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed || client !== next) return;
      delay = 500;
      cache.setListening(true);
    } catch {
      log.warn(warning);
      drop();
    }
  };
  void connect();

  return async () => {
    closed = true;
    clearTimeout(retry);
    cache.setListening(false);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}
