import { formatDayLong, formatTime, zoneOffsetLabel } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';

/** "Monday, 23 Nov 2026 · 10:00–10:30 (GMT+8)" in the staff member's own zone. */
export function formatSlot(startsAt: string, endsAt: string, language: Language): string {
  return `${formatDayLong(startsAt, language)} · ${formatTime(startsAt)}–${formatTime(endsAt)} (${zoneOffsetLabel(undefined, new Date(startsAt))})`;
}
