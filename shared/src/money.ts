import type { Language } from './i18n.ts';

export const CURRENCIES = ['USD', 'MNT'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';
export const CURRENCY_STORAGE_KEY = 'currency';
/** Spec section 9: one US dollar is 3450 tögrög. */
export const USD_TO_MNT = 3450;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

const SYMBOLS: Record<Currency, string> = { USD: '$', MNT: '₮' };

/** 1234567.5 → "1,234,567.50": digits grouped by hand (Intl's first use costs a phone ~100 ms). */
function groupDigits(amount: number, digits: number): string {
  const [whole = '0', fraction] = amount.toFixed(digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

export function formatPrice(usd: number, currency: Currency, language: Language): string | null {
  if (usd === 0) return null;
  const amount = currency === 'MNT' ? Math.round(usd * USD_TO_MNT) : usd;
  const digits = currency === 'MNT' || Number.isInteger(amount) ? 0 : 2;
  // Grouped with commas in both languages; built by hand so browsers without Mongolian locale
  // data write the same as CLDR ("₮ 345,000" in Mongolian, "₮345,000" in English).
  const number = groupDigits(amount, digits);
  return `${SYMBOLS[currency]}${language === 'mn' ? '\u00a0' : ''}${number}`;
}

/** A payment's amount, in minor units of `currency` (cents, möngö), as the reader writes it: "₮169,050", "$49". */
export function formatAmount(minor: number, currency: Currency, language: Language): string {
  const amount = minor / 100;
  const digits = currency === 'MNT' || Number.isInteger(amount) ? 0 : 2;
  return `${SYMBOLS[currency]}${language === 'mn' ? '\u00a0' : ''}${groupDigits(amount, digits)}`;
}
