import type { ServerResponse } from 'node:http';
import type { NotificationItem, StreamEndReason } from '@aylal/shared/notifications';

/** A stream whose reader does not keep up is closed past this many unsent bytes (it resumes). */
const MAX_BUFFERED_BYTES = 256 * 1024;

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
