import type { PushMessage } from '@aylal/shared/schemas/push';

/**
 * How the delivery worker hands a push to the browser vendor's push service. The Web Push
 * implementation (web-push with the VAPID keys) lives beside it; tests point subscriptions at a
 * local push endpoint instead of a vendor's.
 */
export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows: title, body, the page it opens and the notification's id as tag. */
export type PushPayload = PushMessage;

export type PushOutcome =
  /** The push service took it. */
  | { kind: 'sent' }
  /** 404 or 410: the subscription is gone; the worker deletes it (and its waiting pushes). */
  | { kind: 'gone' }
  /** 429, 5xx or a network error: tried again later (`retryAfterMs` when the service said when). */
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  /** Anything else (400, 413, …): not worth retrying. */
  | { kind: 'failed'; error: string }
  /**
   * The endpoint breaks the rules (not a push service of PUSH_SERVICE_HOSTS, or not at a public
   * address): nothing was sent; the worker removes the subscription (decision 024).
   */
  | { kind: 'refused'; error: string };

export interface PushSender {
  send(subscription: PushSubscriptionKeys, payload: PushPayload): Promise<PushOutcome>;
}
