import type { Language } from '@aylal/shared/i18n';

// Digits grouped with commas in both languages, as the rest of the back office writes them.
const numbers = new Intl.NumberFormat('en-US');

export const formatCount = (value: number) => numbers.format(value);

/** US dollars for the reader ("$1,240"; "$ 1,240" in Mongolian, as prices are written). */
export function formatUsd(value: number, language: Language): string {
  return `$${language === 'mn' ? '\u00a0' : ''}${numbers.format(value)}`;
}

/** A change against the previous period: "+3", "−2" (a real minus sign), "0". */
export function formatChange(value: number, previous: number): string {
  const change = value - previous;
  if (change > 0) return `+${numbers.format(change)}`;
  if (change < 0) return `\u2212${numbers.format(-change)}`;
  return '0';
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An agency day (YYYY-MM-DD) short, for a chart's axis: "21 Nov", "11.21". */
export function formatShortDay(date: string, language: Language): string {
  const [, month = '1', day = '1'] = date.split('-');
  return language === 'mn' ? `${month}.${day}` : `${Number(day)} ${EN_MONTHS[Number(month) - 1]}`;
}

/**
 * The y axis of a chart of counts: whole numbers only, evenly spaced (a step of 1, 2 or 5 times a
 * power of ten, at most five steps), from 0 to the first tick at or above the highest count; an
 * empty chart still shows 0 and 1.
 */
export function countAxis(max: number): { ticks: number[]; top: number } {
  const highest = Math.max(1, Math.ceil(max));
  for (let power = 1; ; power *= 10) {
    for (const step of [power, 2 * power, 5 * power]) {
      if (highest / step > 5) continue;
      const top = Math.ceil(highest / step) * step;
      return { ticks: Array.from({ length: top / step + 1 }, (_, index) => index * step), top };
    }
  }
}
