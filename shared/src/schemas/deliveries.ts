import { z } from 'zod';

/** Failed and retrying deliveries, as staff see them (issue 26): the queue's emails and pushes. */
export const DeliveryChannelSchema = z.enum(['email', 'push']);
export type DeliveryChannel = z.infer<typeof DeliveryChannelSchema>;

export const AdminDeliverySchema = z.object({
  id: z.uuid(),
  channel: DeliveryChannelSchema,
  /** Whom it is for, masked (`o***@example.com`): enough to recognise, not to copy. */
  recipient: z.string(),
  /** An email's subject (never personal, by rule) or a push's title. */
  subject: z.string(),
  /** `retrying`: tried and to be tried again; `failed`: given up on after its attempts. */
  state: z.enum(['retrying', 'failed']),
  attempts: z.number().int(),
  /** The last attempt's error, as the mail server or push service gave it. */
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The request that queued it (lib/request-id.ts), to find its log lines. */
  requestId: z.string().nullable(),
});
export type AdminDelivery = z.infer<typeof AdminDeliverySchema>;

export const AdminDeliveriesResponseSchema = z.object({
  /** Failed first, then retrying; newest first in each; 200 at the most. */
  items: z.array(AdminDeliverySchema),
  counts: z.object({ retrying: z.number().int(), failed: z.number().int() }),
});
export type AdminDeliveriesResponse = z.infer<typeof AdminDeliveriesResponseSchema>;

export const RetryDeliveriesRequestSchema = z.object({
  /** The ones to try again at once; none given: every failed and retrying one. */
  items: z
    .array(z.object({ channel: DeliveryChannelSchema, id: z.uuid() }))
    .min(1)
    .max(200)
    .optional(),
});
export type RetryDeliveriesRequest = z.infer<typeof RetryDeliveriesRequestSchema>;

export const RetryDeliveriesResponseSchema = z.object({ retried: z.number().int() });

/** `oyun@example.com` → `o***@example.com`: recognisable to staff, useless to copy. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
