import { formatDate } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than this, a notification shows its date rather than "12 days ago". */
const WEEK = 7 * DAY;

type Unit = 'minute' | 'hour' | 'day';

// Written out as CLDR has it, for browsers without Mongolian locale data (like shared/src/dates.ts).
const MN_UNITS: Record<Unit, string> = { minute: 'минутын', hour: 'цагийн', day: 'өдрийн' };

const formatters = new Map<Language, Intl.RelativeTimeFormat | null>();

/** The browser's own formatter for a language, or null when it has no data for it (falls back to English). */
function relativeFormat(language: Language): Intl.RelativeTimeFormat | null {
  if (!formatters.has(language)) {
    const known =
      typeof Intl.RelativeTimeFormat === 'function' &&
      Intl.RelativeTimeFormat.supportedLocalesOf([language]).length > 0;
    formatters.set(language, known ? new Intl.RelativeTimeFormat(language, { numeric: 'auto' }) : null);
  }
  return formatters.get(language)!;
}

function relative(count: number, unit: Unit, language: Language): string {
  const format = relativeFormat(language);
  if (format) return format.format(-count, unit);
  if (language === 'mn') return unit === 'day' && count === 1 ? 'өчигдөр' : `${count} ${MN_UNITS[unit]} өмнө`;
  if (unit === 'day' && count === 1) return 'yesterday';
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * How long ago a moment was, in the reader's language: `justNow` under a minute, then "5 minutes
 * ago" / "5 минутын өмнө", hours, days ("yesterday" / "өчигдөр"), and from a week on the date
 * itself in the reader's zone ("9 Nov 2026" / "2026 оны 11-р сарын 9").
 */
export function timeAgo(
  value: string | Date,
  language: Language,
  { now = Date.now(), justNow, timeZone }: { now?: number; justNow: string; timeZone?: string },
): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  const elapsed = now - at.getTime();
  // A clock a little ahead of the server's is still "just now".
  if (elapsed < MINUTE) return justNow;
  if (elapsed < HOUR) return relative(Math.floor(elapsed / MINUTE), 'minute', language);
  if (elapsed < DAY) return relative(Math.floor(elapsed / HOUR), 'hour', language);
  if (elapsed < WEEK) return relative(Math.floor(elapsed / DAY), 'day', language);
  return formatDate(at, language, { timeZone });
}

/** Runs as a browser without relative-time data would (the written-out words); for tests. */
export function withoutIntl<T>(run: () => T): T {
  const saved = new Map(formatters);
  formatters.set('en', null).set('mn', null);
  try {
    return run();
  } finally {
    formatters.clear();
    for (const [key, value] of saved) formatters.set(key, value);
  }
}
