// Checks of single values that more than one form shares (the profile, the visa application),
// free of zod so any screen may use them.

/** Digits, spaces, an optional leading +; 7 to 15 digits (E.164's limit): "+976 9911 2233". */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[0-9 ]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** An address of the form someone@somewhere.tld (what a person can type by mistake is caught). */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/** Whether a YYYY-MM-DD string names a day that exists. */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date in UTC as YYYY-MM-DD. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The earliest plausible date of birth. */
export const EARLIEST_BIRTH = '1900-01-01';
