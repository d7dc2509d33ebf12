import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from '../notifications.ts';

const TYPES = Object.keys(NOTIFICATION_TYPES) as [NotificationType, ...NotificationType[]];

/** `GET /api/notifications` and `GET /api/admin/notifications`: a page, optionally unread only. */
export const NotificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

export const NotificationIdParamsSchema = z.object({ id: z.string().max(100) });

const IdsSchema = z.array(z.uuid()).min(1).max(500);

/** `POST /api/admin/notifications/read`: this admin's read state of many staff notifications. */
export const StaffReadRequestSchema = z.object({ ids: IdsSchema, read: z.boolean() });
export type StaffReadRequest = z.infer<typeof StaffReadRequestSchema>;

/** `POST /api/admin/notifications/delete`: removes them from the staff feed, for every admin. */
export const StaffDeleteRequestSchema = z.object({ ids: IdsSchema });
export type StaffDeleteRequest = z.infer<typeof StaffDeleteRequestSchema>;
export const StaffDeleteResponseSchema = z.object({ deleted: z.number().int() });

const BilingualSchema = z.object({ en: z.string(), mn: z.string() });

export const NotificationItemSchema = z.object({
  id: z.string(),
  seq: z.number(),
  type: z.enum(TYPES),
  params: z.object({
    trip: BilingualSchema.optional(),
    job: BilingualSchema.optional(),
    company: z.string().optional(),
    startsAt: z.string().optional(),
    previousStartsAt: z.string().optional(),
    state: z.string().optional(),
    name: z.string().optional(),
    reference: z.string().optional(),
    subject: z.string().optional(),
  }),
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});

export const NotificationPageSchema = z.object({
  items: z.array(NotificationItemSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
