// Passport numbers, names and dates as the visa rules read them, and the application's reference.

import { PASSPORT_WARNING_MONTHS } from './limits.ts';

/** "AB1234567" → "•••• 4567": lists show the last four characters only. */
export function maskPassport(value: string): string {
  const clean = value.replace(/\s+/g, '');
  if (clean === '') return '';
  return `•••• ${clean.slice(-4)}`;
}

/** A passport number as stored: upper case, no spaces. */
export function normalizePassport(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * The key two dependants of one application may not share: both names, trimmed, spaces
 * collapsed, lower-cased in any script ('A dependant with this name already exists').
 */
export function dependantNameKey(firstName: string, lastName: string): string {
  // Control characters never reach the key, so the separator (a unit separator: PostgreSQL's
  // text cannot hold the NUL character) can only be the one between the names.
  const clean = (value: string) =>
    value
      .normalize('NFC')
      .replace(/\p{Cc}/gu, ' ')
      .trim()
      .replace(/\s+/g, ' ')
      .toLocaleLowerCase();
  return `${clean(firstName)}\u001f${clean(lastName)}`;
}

/** YYYY-MM-DD `months` after `day` (the day clamped to the month's last). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const newYear = Math.floor(total / 12);
  const newMonth = (total % 12) + 1;
  const last = new Date(Date.UTC(newYear, newMonth, 0)).getUTCDate();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(newYear, 4)}-${pad(newMonth)}-${pad(Math.min(date, last))}`;
}

/** Whether a passport valid until `expiry` expires within PASSPORT_WARNING_MONTHS of `today`. */
export function passportExpiresSoon(expiry: string, today: string): boolean {
  return expiry !== '' && expiry > today && expiry <= addMonths(today, PASSPORT_WARNING_MONTHS);
}

/** "V-2026-00042": the reference an application gets when first submitted (year of submitting, a sequence). */
export function formatVisaReference(year: number, sequence: number): string {
  return `V-${year}-${String(sequence).padStart(5, '0')}`;
}
