import { formatDayLong, formatTime, zoneOffsetLabel } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';

/** "Monday, 23 Nov 2026 · 10:00–10:30 (GMT+8)", in the reader's own zone and language. */
export function formatSlot(startsAt: string, endsAt: string, language: Language): string {
  return `${formatDayLong(startsAt, language)} · ${formatTime(startsAt)}–${formatTime(endsAt)} (${zoneOffsetLabel(undefined, new Date(startsAt))})`;
}

/** The reader's local calendar date of a moment, "YYYY-MM-DD". */
export function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
