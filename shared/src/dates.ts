import type { Language } from './i18n.ts';

export interface DateFormatOptions {
  /** Add the time of day (24-hour). */
  withTime?: boolean;
  /** IANA zone to show the moment in; the reader's own zone when omitted. */
  timeZone?: string;
}

// Making an Intl formatter costs far more than using one (a list of a dozen trips would spend
// most of its render making them): each is made once per locale, options and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

const pad = (value: number) => String(value).padStart(2, '0');

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * What a clock on the wall shows at a moment in a zone. The reader's own zone and UTC are read
 * straight from the Date; only another named zone needs Intl (whose first use is costly).
 */
export function wallClock(date: Date, timeZone?: string): WallClock {
  if (timeZone === undefined || timeZone === 'UTC') {
    const utc = timeZone === 'UTC';
    return {
      year: utc ? date.getUTCFullYear() : date.getFullYear(),
      month: (utc ? date.getUTCMonth() : date.getMonth()) + 1,
      day: utc ? date.getUTCDate() : date.getDate(),
      hour: utc ? date.getUTCHours() : date.getHours(),
      minute: utc ? date.getUTCMinutes() : date.getMinutes(),
      second: utc ? date.getUTCSeconds() : date.getSeconds(),
    };
  }
  const values: Record<string, number> = {};
  const parts = formatter('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  for (const part of parts) if (part.type !== 'literal') values[part.type] = Number(part.value);
  return { ...(values as unknown as WallClock), hour: values.hour === 24 ? 0 : values.hour! };
}

/** The wall clock as the date formats write it: day and month unpadded, hour and minute padded. */
function parts(date: Date, timeZone: string | undefined) {
  const clock = wallClock(date, timeZone);
  return {
    year: String(clock.year),
    month: String(clock.month),
    day: String(clock.day),
    hour: pad(clock.hour),
    minute: pad(clock.minute),
  };
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
  // en-GB's medium date ("4 Sept 2027", "21 Nov 2026, 09:37"), written out like the Mongolian.
  const p = parts(date, options.timeZone);
  const day = `${p.day} ${EN_MONTHS[Number(p.month) - 1]} ${p.year}`;
  return options.withTime ? `${day}, ${p.hour}:${p.minute}` : day;
}

/** A month written YYYY-MM (a CV's dates) for the reader: "Mar 2021", "2021 оны 3-р сар". */
export function formatMonth(value: string, language: Language): string {
  const [year, month] = value.split('-');
  const index = Number(month) - 1;
  if (!year || !(index >= 0 && index < 12)) return value;
  return language === 'mn' ? `${year} оны ${index + 1}-р сар` : `${EN_MONTHS[index]} ${year}`;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const MN_WEEKDAYS = ['Ням', 'Даваа', 'Мягмар', 'Лхагва', 'Пүрэв', 'Баасан', 'Бямба'];
const EN_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function weekdayIndex(date: Date, timeZone: string | undefined): number {
  const p = parts(date, timeZone);
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day))).getUTCDay();
}

/** "09:30": the 24-hour time of a moment in a zone (the reader's own when omitted). */
export function formatTime(value: Date | string, timeZone?: string): string {
  const p = parts(typeof value === 'string' ? new Date(value) : value, timeZone);
  return `${p.hour}:${p.minute}`;
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
  if (timeZone === undefined) {
    const minutes = -at.getTimezoneOffset();
    const sign = minutes < 0 ? '-' : '+';
    const hours = Math.floor(Math.abs(minutes) / 60);
    const rest = Math.abs(minutes) % 60;
    return `GMT${sign}${hours}${rest ? `:${pad(rest)}` : ''}`;
  }
  const part = formatter('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((entry) => entry.type === 'timeZoneName');
  // Runtimes differ on UTC itself ("GMT" or "GMT+0"); one spelling everywhere.
  return !part || part.value === 'GMT' ? 'GMT+0' : part.value;
}

/**
 * "Monday, 23 Nov 2026 · 10:00–10:30 (GMT+8)": a stretch of time on one day, with its zone named,
 * in a zone (the reader's own when omitted).
 */
export function formatSlot(
  start: Date | string,
  end: Date | string,
  language: Language,
  { timeZone, separator = ' · ' }: { timeZone?: string; separator?: string } = {},
): string {
  const from = typeof start === 'string' ? new Date(start) : start;
  return (
    `${formatDayLong(from, language, timeZone)}${separator}` +
    `${formatTime(from, timeZone)}–${formatTime(end, timeZone)} (${zoneOffsetLabel(timeZone, from)})`
  );
}
