import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '@aylal/shared/notifications';
import { notificationText, type NotificationCatalogue } from '@aylal/shared/notification-text';
import { formatDate } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';
import { useLanguage } from '../../lib/use-language.ts';
import { timeAgo } from '../../lib/time-ago.ts';

/** The namespaces a notification's words come from: its texts and the job application states. */
export const NOTIFICATION_NAMESPACES = ['notifications', 'jobs'] as const;

/** Time ago moves on while a list is open: once a minute is enough for "5 minutes ago". */
function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface NotificationView {
  title: string;
  body: string;
  /** "5 minutes ago", or the date from a week on. */
  ago: string;
  /** The full date and time, for a tooltip and `<time dateTime>`. */
  at: string;
}

export interface ViewContext {
  language: Language;
  catalogue: NotificationCatalogue;
  stateLabels: Record<string, string>;
  justNow: string;
  /** Who a staff notification names once that person has deleted their account. */
  unnamed?: string;
  now: number;
  /** The reader's zone; the browser's own when omitted. */
  timeZone?: string;
}

/** A notification as a reader sees it (pure: what the hook below gives, and what the tests check). */
export function notificationView(item: NotificationItem, context: ViewContext): NotificationView {
  const { language, timeZone } = context;
  return {
    ...notificationText(item, language, context.catalogue, {
      stateLabels: context.stateLabels,
      unnamed: context.unnamed,
      timeZone,
    }),
    ago: timeAgo(item.createdAt, language, { now: context.now, justNow: context.justNow, timeZone }),
    at: formatDate(item.createdAt, language, { withTime: true, timeZone }),
  };
}

/**
 * How a notification reads for this reader: its title and body in their language with times in
 * the browser's zone (shared/src/notification-text.ts, the one renderer), and how long ago it came.
 */
export function useNotificationView(): (item: NotificationItem) => NotificationView {
  const { t } = useTranslation(NOTIFICATION_NAMESPACES);
  const language = useLanguage();
  const now = useNow();
  const catalogue = t('notifications:types', { returnObjects: true }) as unknown as NotificationCatalogue;
  const stateLabels = t('jobs:applicationStates', { returnObjects: true }) as unknown as Record<string, string>;
  const justNow = t('notifications:timeAgo.justNow');
  const unnamed = t('notifications:unnamed');
  return (item) => notificationView(item, { language, catalogue, stateLabels, justNow, unnamed, now });
}
