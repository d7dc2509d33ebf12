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

/**
 * A push service's endpoint, as a URL: its shape only. Which push services the server sends to
 * (https, the browsers' own, at public addresses) is the server's configuration (decision 024),
 * and an endpoint it refuses is `PUSH_ENDPOINT_REFUSED`.
 */
export const PushEndpointSchema = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine((value) => !/^https?:\/\/[^/?#]*@/i.test(value), 'no credentials');

/** POST /api/push/subscriptions: a browser's PushSubscription.toJSON() (expirationTime ignored). */
export const PushSubscriptionRequestSchema = z.object({
  endpoint: PushEndpointSchema,
  keys: z.object({
    /** The browser's P-256 public key: an uncompressed point, 65 bytes. */
    p256dh: base64Url(65),
    /** The authentication secret, 16 bytes. */
    auth: base64Url(16),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>;

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
