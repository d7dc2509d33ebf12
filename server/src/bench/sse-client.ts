import http from 'node:http';

/** One Server-Sent Event as a browser's EventSource sees it, with when it arrived. */
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
  at: number;
}

export interface SseOptions {
  cookie?: string;
  lastEventId?: string;
  agent?: http.Agent;
  /** Called for each event as it arrives (the bench counts and times them here). */
  onEvent?: (event: SseEvent) => void;
  /** Keep what arrives (tests read it back); off for the bench, where only onEvent counts. */
  keep?: boolean;
}

/**
 * A reader of `text/event-stream` over a plain HTTP/1.1 request, as EventSource reads it: events
 * are split on blank lines, `event:`/`id:`/`data:` fields are read, comments (`: hb`) counted.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  comments = 0;
  lastEventId: string | undefined;
  /** The last `retry:` hint: how long the server asks the reader to wait before reconnecting. */
  retryMs: number | undefined;
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  closed = false;
  private buffer = '';
  private request: http.ClientRequest | undefined;
  private waiters = new Set<() => void>();

  constructor(private readonly options: SseOptions = {}) {}

  /** Opens the stream; resolves once the response's headers have arrived. */
  open(url: string): Promise<this> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (this.options.cookie) headers.cookie = this.options.cookie;
      if (this.options.lastEventId) headers['last-event-id'] = this.options.lastEventId;
      this.request = http.get(url, { headers, agent: this.options.agent }, (response) => {
        this.status = response.statusCode ?? 0;
        this.headers = response.headers;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => this.receive(chunk));
        response.on('close', () => {
          this.closed = true;
          this.wake();
        });
        resolve(this);
      });
      this.request.on('error', (error) => {
        this.closed = true;
        this.wake();
        reject(error);
      });
    });
  }

  close(): void {
    this.request?.destroy();
    this.closed = true;
  }

  /** The first event (from `from` on) matching, waiting up to `timeoutMs` for it. */
  async waitFor(predicate: (event: SseEvent) => boolean, timeoutMs = 5000, from = 0): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) {
        throw new Error(`no such event within ${timeoutMs} ms; got: ${JSON.stringify(this.events.slice(from))}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.add(done);
      });
    }
  }

  /** Resolves once at least `count` heartbeat comments have arrived. */
  async waitForComments(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.comments < count) {
      if (Date.now() > deadline || this.closed) throw new Error(`only ${this.comments} heartbeats in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private wake(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      let id: string | undefined;
      const data: string[] = [];
      let isEvent = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments++;
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'id') id = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) {
          this.retryMs = Number(value);
          continue;
        } else continue;
        isEvent = field !== 'id' || isEvent;
      }
      if (id !== undefined) this.lastEventId = id;
      if (!isEvent || data.length === 0) continue;
      const parsed: SseEvent = { event, id, data: data.join('\n'), at: performance.timeOrigin + performance.now() };
      if (this.options.keep !== false) this.events.push(parsed);
      this.options.onEvent?.(parsed);
    }
    this.wake();
  }
}
