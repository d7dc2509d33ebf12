import { describe, expect, it } from 'vitest';
import en from '@aylal/locales/en/admin.json' with { type: 'json' };
import { describeChange, formatHistoryValue } from './history-card.tsx';

/** A stand-in for i18next's `t` over the English `admin` words (keys with dots, {{values}} filled in). */
const t = ((key: string, options: Record<string, unknown> = {}) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
  const text = typeof found === 'string' ? found : String(options.defaultValue ?? key);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
}) as unknown as Parameters<typeof formatHistoryValue>[2];

describe('a history entry as staff read it', () => {
  it('writes money, days, weekdays and states for the reader', () => {
    expect(formatHistoryValue('fare', 1350, t, 'en')).toBe('$1,350');
    expect(formatHistoryValue('processingPriceUsd', 0, t, 'en')).toBe('$0');
    expect(formatHistoryValue('deadline', '2027-05-10', t, 'en')).toBe('10 May 2027');
    expect(formatHistoryValue('weekdays', [1, 7], t, 'en')).toBe('Mon, Sun');
    expect(formatHistoryValue('status', 'published', t, 'en')).toBe('published');
    expect(formatHistoryValue('title.en', '', t, 'en')).toBe('(empty)');
  });

  it('names the field and its language, and says what a list gained and lost', () => {
    expect(describeChange('fare', { from: 1200, to: 1350 }, t, 'en')).toEqual(['changed price from $1,200 to $1,350']);
    expect(describeChange('title.mn', { from: 'А', to: 'Б' }, t, 'en')).toEqual([
      'changed title (Mongolian) from А to Б',
    ]);
    expect(
      describeChange(
        'departureDates',
        { from: ['2027-05-10', '2027-06-14'], to: ['2027-06-14', '2027-09-01'] },
        t,
        'en',
      ),
    ).toEqual(['added 1 Sept 2027 to departure dates', 'removed 10 May 2027 from departure dates']);
    expect(describeChange('description.en', {}, t, 'en')).toEqual(['changed description (English)']);
  });
});
