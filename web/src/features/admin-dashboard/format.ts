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
