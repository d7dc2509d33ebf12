import { formatDate, zoneOffsetLabel } from './dates.ts';
import type { Language } from './i18n.ts';
import { inLanguage, interpolate, type NotificationItem, type NotificationType } from './notifications.ts';

/** The `types` part of a language's `notifications` catalogue (locales/<lang>/notifications.json). */
export type NotificationCatalogue = Record<NotificationType, { title: string; body: string }>;

export interface NotificationTextOptions {
  /** The reader's zone for times (the browser's own in-app; the recipient's, or the agency's, when sent). */
  timeZone?: string;
  /** Words for a job application's state in this language (jobs.applicationStates). */
  stateLabels?: Record<string, string>;
  /** Who a staff notification names once the person has deleted their account (notifications.unnamed). */
  unnamed?: string;
}

/**
 * A notification's title and body in one language: the same words in the bell, on
 * /notifications, in a push and in an email.
 */
export function notificationText(
  item: Pick<NotificationItem, 'type' | 'params'>,
  language: Language,
  catalogue: NotificationCatalogue,
  { timeZone, stateLabels = {}, unnamed = '' }: NotificationTextOptions = {},
): { title: string; body: string } {
  const texts = catalogue[item.type];
  if (!texts) return { title: '', body: '' };
  const { params } = item;
  const time = params.startsAt
    ? `${formatDate(params.startsAt, language, { timeZone, withTime: true })} (${zoneOffsetLabel(timeZone, new Date(params.startsAt))})`
    : '';
  const values: Record<string, string> = {
    trip: inLanguage(params.trip, language),
    job: inLanguage(params.job, language),
    company: params.company ?? '',
    name: params.name || unnamed,
    reference: params.reference ?? '',
    subject: params.subject ?? '',
    state: params.state ? (stateLabels[params.state] ?? params.state) : '',
    time,
  };
  return { title: interpolate(texts.title, values), body: interpolate(texts.body, values) };
}
