import type { Language } from './i18n.ts';

export interface DateFormatOptions {
  /** Add the time of day (24-hour). */
  withTime?: boolean;
  /** IANA zone to show the moment in; the reader's own zone when omitted. */
  timeZone?: string;
}

function parts(date: Date, timeZone: string | undefined) {
  const values = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return { year: values.year!, month: values.month!, day: values.day!, hour: values.hour!, minute: values.minute! };
}

/**
 * A date (and time) for the reader's language. Mongolian is written out here, as CLDR has it
 * ("2026 оны 11-р сарын 21 09:37"), because browsers without Mongolian locale data would
 * otherwise fall back to English.
 */
export function formatDate(value: Date | string, language: Language, options: DateFormatOptions = {}): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (language === 'mn') {
    const p = parts(date, options.timeZone);
    const day = `${p.year} оны ${p.month}-р сарын ${p.day}`;
    return options.withTime ? `${day} ${p.hour}:${p.minute}` : day;
  }
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: options.timeZone,
    dateStyle: 'medium',
    ...(options.withTime ? { timeStyle: 'short', hourCycle: 'h23' } : {}),
  }).format(date);
}

const MN_WEEKDAYS = ['Ням', 'Даваа', 'Мягмар', 'Лхагва', 'Пүрэв', 'Баасан', 'Бямба'];
const EN_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function weekdayIndex(date: Date, timeZone: string | undefined): number {
  const p = parts(date, timeZone);
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day))).getUTCDay();
}

/** "09:30": the 24-hour time of a moment in a zone (the reader's own when omitted). */
export function formatTime(value: Date | string, timeZone?: string): string {
  const p = parts(typeof value === 'string' ? new Date(value) : value, timeZone);
  return `${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

/** The pieces of a day for a compact day picker: weekday, day of month, month. */
export function dayParts(
  value: Date | string,
  language: Language,
  timeZone?: string,
): { weekday: string; day: string; month: string } {
  const date = typeof value === 'string' ? new Date(value) : value;
  const p = parts(date, timeZone);
  const weekday = weekdayIndex(date, timeZone);
  return language === 'mn'
    ? { weekday: MN_WEEKDAYS[weekday]!.slice(0, 2), day: String(Number(p.day)), month: `${Number(p.month)}-р сар` }
    : {
        weekday: EN_WEEKDAYS[weekday]!.slice(0, 3),
        day: String(Number(p.day)),
        month: EN_MONTHS[Number(p.month) - 1]!,
      };
}

/** "Monday, 23 Nov 2026" / "2026 оны 11-р сарын 23, Даваа гараг". */
export function formatDayLong(value: Date | string, language: Language, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const weekday = weekdayIndex(date, timeZone);
  return language === 'mn'
    ? `${formatDate(date, 'mn', { timeZone })}, ${MN_WEEKDAYS[weekday]} гараг`
    : `${EN_WEEKDAYS[weekday]}, ${formatDate(date, 'en', { timeZone })}`;
}

/** "GMT+8" ("GMT+0" for UTC): a zone's offset at a moment, the same in every language. */
export function zoneOffsetLabel(timeZone?: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((entry) => entry.type === 'timeZoneName');
  // Runtimes differ on UTC itself ("GMT" or "GMT+0"); one spelling everywhere.
  return !part || part.value === 'GMT' ? 'GMT+0' : part.value;
}
