import { ApiRequestError, send, type RequestOptions } from './api-client.ts';

/**
 * Writes happen once, however often they are clicked (docs/decisions/028). Each write is known by
 * what it sends (method, path, If-Match, body). The same write asked for while the first is under
 * way (a double click that beat the busy button) shares the first's request and answer. Each
 * carries an Idempotency-Key, the same for the same write until it is answered: a retry after a
 * network error or a 5xx (which may have acted) gets the first one's answer from the server
 * instead of acting twice. An answered write frees its key, so sending the same thing again
 * afterwards (read, unread, read) is a new action.
 */
const writes = new Map<string, { key: string; sent?: Promise<unknown> }>();

export function sendOnce<T>(path: string, options: RequestOptions): Promise<T> {
  const { method, body, headers } = options;
  const action = `${method} ${path} ${headers?.['if-match'] ?? ''} ${JSON.stringify(body) ?? ''}`;
  // 128 random bits, as text (randomUUID would need a secure context; these do not).
  const write = writes.get(action) ?? { key: crypto.getRandomValues(new Uint32Array(4)).join('-') };
  if (write.sent) return write.sent as Promise<T>;
  writes.set(action, write);
  const sent = send<T>(path, { ...options, headers: { 'idempotency-key': write.key, ...headers } }).then(
    (data) => {
      writes.delete(action);
      return data;
    },
    (error: unknown) => {
      // Answered (a refusal acted on nothing): the next one is a new action. Unanswered: the same key.
      if (error instanceof ApiRequestError && error.status > 0 && error.status < 500) writes.delete(action);
      else write.sent = undefined;
      throw error;
    },
  );
  write.sent = sent;
  return sent;
}
