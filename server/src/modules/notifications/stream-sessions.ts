import type { StreamEndReason } from '@aylal/shared/notifications';
import { logError } from '../../lib/log-errors.ts';
import type { LiveStream } from './live-stream.ts';

/**
 * Which of these session tokens are live, with their user and whether the session may read the
 * staff feed (an admin, with the second factor staff need: docs/decisions/023), read afresh.
 */
export type SessionCheck = (tokens: string[]) => Promise<Map<string, { userId: string; isStaff: boolean }>>;

interface StreamSessionsOptions {
  checkSessions: SessionCheck;
  log: { warn: (message: string) => void };
  /** Every stream open now. */
  streams: () => LiveStream[];
  isOpen: (stream: LiveStream) => boolean;
  /** Ends a stream whose session ended or whose role changed. */
  end: (stream: LiveStream, reason: StreamEndReason) => void;
}

/**
 * The hub's watch over its streams' sessions (decision 024): the streams asked about (all of them,
 * or these) gather until the next turn of the event loop, then one query checks them all; a stream
 * whose session ended, or whose user's role changed, is ended.
 */
export class StreamSessions {
  private checkAll = false;
  private toCheck = new Set<LiveStream>();
  private checking = false;
  private checkScheduled = false;
  private closed = false;

  constructor(private readonly options: StreamSessionsOptions) {}

  /** Checks these streams' sessions (every stream's when none are given) soon, together with any others asked for. */
  check(streams?: LiveStream[]): void {
    if (streams) for (const stream of streams) this.toCheck.add(stream);
    else this.checkAll = true;
    if (this.checkScheduled || this.checking || this.closed) return;
    this.checkScheduled = true;
    setImmediate(() => {
      this.checkScheduled = false;
      void this.run();
    });
  }

  /** No more checks (the hub is closing). */
  close(): void {
    this.closed = true;
  }

  /** One query for every stream asked about: those whose session ended, or whose role changed, are ended. */
  private async run(): Promise<void> {
    if (this.checking || this.closed) return;
    const streams = this.checkAll
      ? this.options.streams()
      : [...this.toCheck].filter((stream) => this.options.isOpen(stream));
    this.checkAll = false;
    this.toCheck = new Set();
    if (streams.length === 0) return;
    this.checking = true;
    try {
      const live = await this.options.checkSessions([...new Set(streams.map((stream) => stream.sessionToken))]);
      for (const stream of streams) {
        const session = live.get(stream.sessionToken);
        if (!session || session.userId !== stream.userId) this.options.end(stream, 'session');
        else if (session.isStaff !== stream.isAdmin) this.options.end(stream, 'role');
      }
    } catch (error) {
      // The database is away: the streams stay until it answers (the next heartbeat asks again).
      // The message without the query's parameters: they are session tokens.
      const { message } = logError(error) as { message?: string };
      this.options.log.warn(`live stream: cannot check sessions (${message ?? 'unknown error'})`);
    } finally {
      this.checking = false;
      if (this.checkAll || this.toCheck.size > 0) this.check([]);
    }
  }
}
