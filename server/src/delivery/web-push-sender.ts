import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import webpush from 'web-push';
import { pinnedLookup, PushEndpointRefusedError, type PushEndpointPolicy } from '../lib/push-endpoints.ts';
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

/** What came back from the push service: the status, Retry-After and the start of the body. */
interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
}

/** The most of a push service's answer kept (its error text is stored cut to 200 characters). */
const MAX_ANSWER_BYTES = 4096;

/**
 * One POST to a push service, connected to `addresses` (checked already) whatever DNS says now:
 * node's `lookup` is answered with them, so no second resolution can send it elsewhere. TLS still
 * checks the certificate against the endpoint's host name. No redirect is followed.
 */
function post(
  url: URL,
  request: { method: string; headers: Record<string, string>; body: Buffer | null },
  addresses: LookupAddress[],
  agents: { http: http.Agent; https: https.Agent },
  timeoutMs: number,
): Promise<Answer> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const outgoing = (secure ? https : http).request(
      url,
      {
        method: request.method,
        headers: request.headers,
        lookup: pinnedLookup(addresses),
        agent: secure ? agents.https : agents.http,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size >= MAX_ANSWER_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
            body: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8'),
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}

/**
 * The Web Push sender: web-push encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
 * header (RFC 8292); the request goes out with node's http(s), only to an endpoint of the push
 * services of PUSH_SERVICE_HOSTS at public addresses (checked again here, after DNS, and the
 * connection made to the addresses checked: decision 024). An endpoint that breaks the rules is
 * `refused` (the worker removes the subscription); a DNS failure is retried.
 */
export function createWebPushSender(
  vapid: VapidKeys,
  options: { endpoints: PushEndpointPolicy; timeoutMs?: number },
): PushSender {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  // Our own agents: a kept-alive connection is only ever one made to a checked address.
  const agents = {
    http: new http.Agent({ keepAlive: true, timeout: 30_000 }),
    https: new https.Agent({ keepAlive: true, timeout: 30_000 }),
  };
  return {
    async send(subscription: PushSubscriptionKeys, payload: PushPayload): Promise<PushOutcome> {
      let addresses: LookupAddress[];
      try {
        addresses = await options.endpoints.addressesFor(subscription.endpoint);
      } catch (error) {
        if (error instanceof PushEndpointRefusedError) return { kind: 'refused', error: error.message };
        const code = (error as { code?: string }).code;
        return { kind: 'retry', error: `dns: ${code ?? (error as Error).message}` };
      }
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
      for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
      try {
        const answer = await post(
          new URL(request.endpoint),
          { method: request.method, headers, body: request.body ?? null },
          addresses,
          agents,
          options.timeoutMs ?? TIMEOUT_MS,
        );
        return outcomeOf(answer.status, answer.retryAfter, answer.body);
      } catch (error) {
        const code = (error as { code?: string }).code;
        return { kind: 'retry', error: `network: ${(error as Error).message}${code ? ` (${code})` : ''}` };
      }
    },
  };
}
