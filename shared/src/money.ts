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

const LOCALES: Record<Language, string> = { en: 'en-US', mn: 'mn-MN' };

/**
 * Formats a price held in US dollars for the reader's language and chosen currency.
 * Returns null for a price of 0, which the interface shows as "TBD" in the reader's language.
 */
export function formatPrice(usd: number, currency: Currency, language: Language): string | null {
  if (usd === 0) return null;
  const amount = currency === 'MNT' ? Math.round(usd * USD_TO_MNT) : usd;
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency,
    currencyDisplay: currency === 'MNT' ? 'narrowSymbol' : 'symbol',
    maximumFractionDigits: currency === 'MNT' || Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}
