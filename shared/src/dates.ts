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
