import { formatDate, zoneOffsetLabel } from './dates.ts';
import type { Language } from './i18n.ts';

// Apart from dates.ts: only staff screens and PDFs name zones, and the home page loads dates.ts.

/** Mongolia's own zones, named in Mongolian; any other zone is named there by its offset. */
const MN_ZONE_NAMES: Record<string, string> = {
  'Asia/Ulaanbaatar': 'Улаанбаатарын цагаар',
  'Asia/Hovd': 'Ховдын цагаар',
  'Asia/Choibalsan': 'Чойбалсангийн цагаар',
};

/**
 * Which clock a time is on, for the reader: "Ulaanbaatar time" / "Улаанбаатарын цагаар", "Berlin
 * time" / "GMT+1", "UTC". The reader's own zone when omitted.
 */
export function zoneName(timeZone: string | undefined, language: Language, at: Date = new Date()): string {
  const zone = timeZone ?? new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone;
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  if (language === 'mn') return MN_ZONE_NAMES[zone] ?? zoneOffsetLabel(zone, at);
  const city = zone.includes('/') ? zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ') : '';
  return city ? `${city} time` : zoneOffsetLabel(zone, at);
}

/** A moment with its clock named (docs/decisions/030): "21 Nov 2026, 09:37 (Ulaanbaatar time)". */
export function formatDateTimeInZone(value: Date | string, language: Language, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${formatDate(date, language, { withTime: true, timeZone })} (${zoneName(timeZone, language, date)})`;
}
