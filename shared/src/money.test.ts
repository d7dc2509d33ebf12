import { describe, expect, it } from 'vitest';
import { formatAmount, formatPrice, isCurrency, USD_TO_MNT } from './money.ts';

/** Intl separates symbol and number with a (narrow) no-break space in some locales. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe('formatPrice', () => {
  it('returns null for a price of 0 (shown as "TBD")', () => {
    expect(formatPrice(0, 'USD', 'en')).toBeNull();
    expect(formatPrice(0, 'MNT', 'mn')).toBeNull();
  });

  it('formats US dollars for English readers, cents only when there are any', () => {
    expect(formatPrice(1200, 'USD', 'en')).toBe('$1,200');
    expect(formatPrice(99.5, 'USD', 'en')).toBe('$99.50');
    expect(formatPrice(0.01, 'USD', 'en')).toBe('$0.01');
  });

  it('converts to tögrög at 3450 per dollar, rounded to whole tögrög', () => {
    expect(USD_TO_MNT).toBe(3450);
    expect(formatPrice(100, 'MNT', 'en')).toBe('₮345,000');
    expect(formatPrice(1, 'MNT', 'en')).toBe('₮3,450');
    expect(formatPrice(99.99, 'MNT', 'en')).toBe('₮344,966');
  });

  it('formats for Mongolian readers too', () => {
    expect(plain(formatPrice(100, 'MNT', 'mn'))).toBe('₮ 345,000');
    expect(plain(formatPrice(1200, 'USD', 'mn'))).toBe('$ 1,200');
  });
});

describe('isCurrency', () => {
  it('knows USD and MNT only', () => {
    expect(isCurrency('USD')).toBe(true);
    expect(isCurrency('MNT')).toBe(true);
    expect(isCurrency('EUR')).toBe(false);
    expect(isCurrency('usd')).toBe(false);
    expect(isCurrency(undefined)).toBe(false);
  });
});

describe('formatAmount', () => {
  it("writes a payment's minor units as the reader writes money", () => {
    expect(formatAmount(16_905_000, 'MNT', 'en')).toBe('₮169,050');
    expect(formatAmount(16_905_000, 'MNT', 'mn')).toBe('₮\u00a0169,050');
    expect(formatAmount(4_900, 'USD', 'en')).toBe('$49');
    expect(formatAmount(4_950, 'USD', 'en')).toBe('$49.50');
  });
});
