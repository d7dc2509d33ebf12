import type { Language } from './i18n.ts';

/**
 * What the product tells people, as a type and its parameters (decision 014). A notification is
 * rendered in the reader's language when read and in the recipient's when sent, from the
 * `notifications` locale namespace (`types.<type>.title` / `.body`), so it is never frozen in the
 * language of whoever caused it. Parameters are names of things and times, never personal data.
 */

/** What a person may choose to be told about by email and push (in-app is always on). */
export const NOTIFICATION_TOPICS = ['bookings', 'applications', 'visa', 'messages'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const DELIVERY_CHANNELS = ['email', 'push'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** Every type, who reads it and the topic its email and push belong to. */
export const NOTIFICATION_TYPES = {
  // To the traveller, about their consultation.
  consultationBooked: { audience: 'user', topic: 'bookings' },
  consultationRescheduled: { audience: 'user', topic: 'bookings' },
  consultationConfirmed: { audience: 'user', topic: 'bookings' },
  consultationCancelled: { audience: 'user', topic: 'bookings' },
  consultationCompleted: { audience: 'user', topic: 'bookings' },
  consultationPlaceChanged: { audience: 'user', topic: 'bookings' },
  // To the applicant, about their job application.
  applicationStateChanged: { audience: 'user', topic: 'applications' },
  // To the applicant, about their visa application (each step its own words; params: reference).
  visaSubmitted: { audience: 'user', topic: 'visa' },
  visaInReview: { audience: 'user', topic: 'visa' },
  visaActionRequired: { audience: 'user', topic: 'visa' },
  visaLodged: { audience: 'user', topic: 'visa' },
  visaApproved: { audience: 'user', topic: 'visa' },
  visaRefused: { audience: 'user', topic: 'visa' },
  visaWithdrawn: { audience: 'user', topic: 'visa' },
  visaPaymentChanged: { audience: 'user', topic: 'visa' },
  // To the staff: new work.
  staffConsultationBooked: { audience: 'staff', topic: 'bookings' },
  staffConsultationRescheduled: { audience: 'staff', topic: 'bookings' },
  staffConsultationCancelled: { audience: 'staff', topic: 'bookings' },
  staffApplicationReceived: { audience: 'staff', topic: 'applications' },
  staffVisaSubmitted: { audience: 'staff', topic: 'visa' },
  staffVisaResubmitted: { audience: 'staff', topic: 'visa' },
  staffVisaWithdrawn: { audience: 'staff', topic: 'visa' },
  // Contact messages (params: reference; staff's also the name the sender gave).
  contactReplied: { audience: 'user', topic: 'messages' },
  staffContactReceived: { audience: 'staff', topic: 'messages' },
  // To the staff: an email given up on after its last attempt (params: its subject). In the app
  // and by push only, never by email (decision 034).
  staffDeliveryFailed: { audience: 'staff', topic: 'messages' },
} as const satisfies Record<string, { audience: 'user' | 'staff'; topic: NotificationTopic }>;

export type NotificationType = keyof typeof NOTIFICATION_TYPES;

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && Object.hasOwn(NOTIFICATION_TYPES, value);
}

/** A name given in both languages (a trip's or a job's title); either may be empty. */
export interface Bilingual {
  en: string;
  mn: string;
}

/**
 * The parameters a type may carry. `startsAt` is an ISO instant (rendered in the reader's zone
 * and language); `trip` and `job` are titles in both languages; `state` is a job application
 * state; `name` is the display name of the person
 * who caused a staff notification; `reference` is a visa application's reference number (never
 * its answers: no passport, country or health in a notification), or a contact message's;
 * `subject` is an email's subject.
 */
export interface NotificationParams {
  trip?: Bilingual;
  job?: Bilingual;
  company?: string;
  startsAt?: string;
  previousStartsAt?: string;
  state?: string;
  name?: string;
  reference?: string;
  /** The subject of an email that could not be delivered (never personal, by rule). */
  subject?: string;
}

/** One notification as the API gives it to its reader. */
export interface NotificationItem {
  id: string;
  /** The live stream's event id: monotonic, so a dropped stream resumes after it. */
  seq: number;
  type: NotificationType;
  params: NotificationParams;
  /** The product's own path it is about. */
  link: string;
  read: boolean;
  createdAt: string;
}

/** `GET /api/notifications` and `GET /api/admin/notifications`. */
export interface NotificationPage {
  items: NotificationItem[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
}

/**
 * Why the server ended a live stream: its session ended (signed out, revoked, a password changed
 * elsewhere, demoted: do not reconnect), or the user's role changed while the session lives (a
 * reconnect gets what the new role allows). Decision 024.
 */
export type StreamEndReason = 'session' | 'role';

/**
 * What the live stream (`GET /api/notifications/stream`, Server-Sent Events) sends:
 * - `notification`: a new notification for this reader (`id:` is its `seq`);
 * - `unread`: the reader's unread counts changed (read in another tab, deleted, …);
 * - `ended`: the last event, when the server ends the stream for its session or role.
 * `staff` is present for admins only.
 */
export type StreamEvent =
  | { type: 'notification'; feed: 'user' | 'staff'; item: NotificationItem }
  | { type: 'unread'; user: number; staff?: number }
  | { type: 'ended'; reason: StreamEndReason };

/** The PostgreSQL channel every process LISTENs on; payloads are `ChannelMessage` JSON. */
export const NOTIFICATION_CHANNEL = 'aylal_notifications';

export type ChannelMessage =
  /** A notification was committed: for one user, or (`userId` null) the staff feed. */
  | { kind: 'new'; id: string; userId: string | null }
  /** Someone's unread counts changed (read, read all, deleted): every tab of theirs refreshes. */
  | { kind: 'counts'; userId: string | null };

/** Which channels a topic reaches beyond in-app; missing entries mean yes. */
export type NotificationPreferences = Partial<Record<NotificationTopic, Partial<Record<DeliveryChannel, boolean>>>>;

export function wants(
  preferences: NotificationPreferences,
  switches: { email: boolean; push: boolean },
  topic: NotificationTopic,
  channel: DeliveryChannel,
): boolean {
  return switches[channel] && preferences[topic]?.[channel] !== false;
}

/** `{{name}}` placeholders filled from values; unknown ones are left empty. */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? '');
}

/** A bilingual name in the reader's language, falling back to the other when empty. */
export function inLanguage(value: Bilingual | undefined, language: Language): string {
  if (!value) return '';
  return (language === 'mn' ? value.mn || value.en : value.en || value.mn) ?? '';
}
