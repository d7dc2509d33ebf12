import webpush from 'web-push';
import type { PushOutcome, PushPayload, PushSender, PushSubscriptionKeys } from './push-sender.ts';
import type { VapidKeys } from './vapid.ts';

/** How long a push service keeps a push for a device that is offline: a day, then it is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 15_000;

/** `Retry-After` as milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** What a push service's answer means for the delivery (RFC 8030 section 5 and 7.3). */
export function outcomeOf(status: number, retryAfter: string | null, body: string): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  const error = `push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
  if (status === 429 || status >= 500) {
    const after = retryAfterMs(retryAfter);
    return after === undefined ? { kind: 'retry', error } : { kind: 'retry', error, retryAfterMs: after };
  }
  return { kind: 'failed', error };
}

/**
 * The Web Push sender: web-push encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
 * header (RFC 8292); the request itself goes out with fetch, so the endpoint may be any URL the
 * subscription route accepted (a local push service in tests speaks plain HTTP).
 */
export function createWebPushSender(vapid: VapidKeys, options: { timeoutMs?: number } = {}): PushSender {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    async send(subscription: PushSubscriptionKeys, payload: PushPayload): Promise<PushOutcome> {
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: 'normal', contentEncoding: 'aes128gcm' },
        );
      } catch (error) {
        // A key the browser never gave (bad length, not on the curve): no retry makes it good.
        return { kind: 'failed', error: `could not encrypt: ${(error as Error).message}` };
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : undefined,
          signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
          redirect: 'error',
        });
        const body = await response.text().catch(() => '');
        return outcomeOf(response.status, response.headers.get('retry-after'), body);
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        return { kind: 'retry', error: `network: ${(error as Error).message}${cause ? ` (${cause})` : ''}` };
      }
    },
  };
}
