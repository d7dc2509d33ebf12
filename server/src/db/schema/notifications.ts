import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, partOf, timestamptz, updatedAt } from './columns.ts';
import { ownedByUser, userOrNull, users } from './auth.ts';

/**
 * Something a person or the staff should know: a type and its parameters (rendered in the
 * reader's language when read, in the recipient's when sent), and the page it is about. Written in
 * the transaction of the change that causes it. A person's notification has `recipient_id`; the
 * staff feed's has none (`audience = 'staff'`), and each admin's reading of it is a row of
 * `staff_notification_reads`. Parameters never hold personal data (no passport numbers, no
 * medical or criminal answers): they are names of things and times.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    /** Monotonic: the live stream's event id, so a dropped connection resumes after it. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    audience: text('audience').notNull(),
    recipientId: text('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    params: jsonb('params').notNull().default({}),
    /** The product's own path of the page it is about ('/consultations', '/admin/consultations/…'). */
    link: text('link').notNull(),
    /** Who caused it (never told of their own change). */
    actorId: userOrNull('actor_id'),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (table) => [
    check('notifications_audience_check', sql`${table.audience} in ('user', 'staff')`),
    check('notifications_recipient_check', sql`(${table.audience} = 'user') = (${table.recipientId} is not null)`),
    index('notifications_recipient_idx').on(table.recipientId, table.createdAt.desc()),
    index('notifications_recipient_unread_idx')
      .on(table.recipientId)
      .where(sql`${table.readAt} is null`),
    index('notifications_staff_idx')
      .on(table.createdAt.desc())
      .where(sql`${table.audience} = 'staff'`),
  ],
);

/** An admin has read a staff notification (read state is per admin: decision 014). */
export const staffNotificationReads = pgTable(
  'staff_notification_reads',
  {
    notificationId: partOf('notification_id', () => notifications.id),
    adminId: ownedByUser('admin_id'),
    readAt: timestamptz('read_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.adminId, table.notificationId] })],
);

/** One browser's Web Push subscription (a person may have several devices). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: ownedByUser('user_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** Set each time the browser sends the subscription again (at most every 7 days: spec). */
    refreshedAt: timestamptz('refreshed_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint), index().on(table.userId)],
);

/**
 * A push waiting to be sent, or sent: the queue's push side (emails wait in `outbox`). Its payload
 * is rendered in the recipient's language when queued. Taken by one worker at a time
 * (`FOR UPDATE SKIP LOCKED` and a lease), retried with backoff on 429 and 5xx, dropped with its
 * subscription on 404 and 410.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: id(),
    subscriptionId: partOf('subscription_id', () => pushSubscriptions.id),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    /** `{ title, body, url, tag }`, as the service worker shows it. */
    payload: jsonb('payload').notNull(),
    /** The id of the request that queued it (lib/request-id.ts), logged with each attempt. */
    requestId: text('request_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    sentAt: timestamptz('sent_at'),
    failedAt: timestamptz('failed_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('push_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

/**
 * A person's profile (spec section 3). `language` is the language of their emails and pushes;
 * `preferences` says which topics reach them by which channel beyond in-app (always on):
 * `{ bookings: { email: true, push: true }, applications: …, visa: …, messages: … }`, each channel
 * also gated by the spec's two switches.
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    secondaryPhone: text('secondary_phone').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    nationality: text('nationality').notNull().default(''),
    address: text('address').notNull().default(''),
    bio: text('bio').notNull().default(''),
    language: text('language').notNull().default('en'),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    pushNotifications: boolean('push_notifications').notNull().default(false),
    preferences: jsonb('preferences').notNull().default({}),
    linkedin: text('linkedin').notNull().default(''),
    github: text('github').notNull().default(''),
    website: text('website').notNull().default(''),
    twitter: text('twitter').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('profiles_language_check', sql`${table.language} in ('en', 'mn')`)],
);
