import { z } from 'zod';

/** Unpadded base64url of exactly `bytes` bytes (browsers' PushSubscription.toJSON() gives this). */
const base64Url = (bytes: number) =>
  z
    .string()
    .max(200)
    .transform((value) => value.replace(/=+$/, ''))
    .refine(
      (value) =>
        /^[A-Za-z0-9_-]+$/.test(value) && Math.floor((value.length * 3) / 4) === bytes && value.length % 4 !== 1,
      `base64url of ${bytes} bytes`,
    );

const LOCAL_HTTP = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;

/**
 * A push service's endpoint: https only. `allowLocalHttp` (never in production) also lets a push
 * service on this machine over plain HTTP through: tests' stand-in for a browser vendor's.
 */
export function pushEndpointSchema(options: { allowLocalHttp: boolean }) {
  return z
    .url()
    .max(2048)
    .refine((value) => value.startsWith('https://') || (options.allowLocalHttp && LOCAL_HTTP.test(value)), 'https URL');
}

/** POST /api/push/subscriptions: a browser's PushSubscription.toJSON() (expirationTime ignored). */
export function pushSubscriptionRequestSchema(options: { allowLocalHttp: boolean }) {
  return z.object({
    endpoint: pushEndpointSchema(options),
    keys: z.object({
      /** The browser's P-256 public key: an uncompressed point, 65 bytes. */
      p256dh: base64Url(65),
      /** The authentication secret, 16 bytes. */
      auth: base64Url(16),
    }),
  });
}
export type PushSubscriptionRequest = z.infer<ReturnType<typeof pushSubscriptionRequestSchema>>;

/** DELETE /api/push/subscriptions. */
export const PushUnsubscribeRequestSchema = z.object({ endpoint: z.string().min(1).max(2048) });
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequestSchema>;

/** What the service worker receives in a push (the server's PushPayload) and posts to a visible page. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}
