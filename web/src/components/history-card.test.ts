import { describe, expect, it } from 'vitest';
import en from '@aylal/locales/en/admin.json' with { type: 'json' };
import mn from '@aylal/locales/mn/admin.json' with { type: 'json' };
import { describeChange, formatHistoryValue } from './history-card.tsx';

/** A stand-in for i18next's `t` over one language's `admin` words (keys with dots, {{values}} filled in). */
const tOf = (words: typeof en) =>
  ((key: string, options: Record<string, unknown> = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], words);
    const text = typeof found === 'string' ? found : String(options.defaultValue ?? key);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  }) as unknown as Parameters<typeof formatHistoryValue>[2];
const t = tOf(en);
const tMn = tOf(mn);

describe('a history entry as staff read it', () => {
  it('writes money, days, weekdays and states for the reader', () => {
    expect(formatHistoryValue('fare', 1350, t, 'en')).toBe('$1,350');
    expect(formatHistoryValue('processingPriceUsd', 0, t, 'en')).toBe('$0');
    expect(formatHistoryValue('deadline', '2027-05-10', t, 'en')).toBe('10 May 2027');
    expect(formatHistoryValue('weekdays', [1, 7], t, 'en')).toBe('Mon, Sun');
    expect(formatHistoryValue('status', 'published', t, 'en')).toBe('published');
    expect(formatHistoryValue('title.en', '', t, 'en')).toBe('(empty)');
  });

  it('names the field and its language in sentences, and says what a list gained and lost', () => {
    expect(describeChange('fare', { from: 1200, to: 1350 }, t, 'en')).toEqual(['Price changed from $1,200 to $1,350.']);
    expect(describeChange('title.mn', { from: 'А', to: 'Б' }, t, 'en')).toEqual([
      'Title (Mongolian) changed from А to Б.',
    ]);
    expect(describeChange('deadline', { from: null, to: '2027-05-10' }, t, 'en')).toEqual([
      'Deadline set to 10 May 2027.',
    ]);
    expect(describeChange('deadline', { from: '2027-05-10', to: null }, t, 'en')).toEqual([
      'Deadline cleared (it was 10 May 2027).',
    ]);
    expect(
      describeChange(
        'departureDates',
        { from: ['2027-05-10', '2027-06-14'], to: ['2027-06-14', '2027-09-01'] },
        t,
        'en',
      ),
    ).toEqual(['Added 1 Sept 2027 to departure dates.', 'Removed 10 May 2027 from departure dates.']);
    expect(describeChange('description.en', {}, t, 'en')).toEqual(['Description (English) changed.']);
  });

  it('says who handles a conversation now, never "changed handled by from (empty)"', () => {
    expect(describeChange('assignee', { from: null, to: 'Boss Admin' }, t, 'en')).toEqual([
      'Now handled by Boss Admin.',
    ]);
    expect(describeChange('assignee', { from: 'Boss Admin', to: 'Ann Staff' }, t, 'en')).toEqual([
      'Now handled by Ann Staff instead of Boss Admin.',
    ]);
    expect(describeChange('assignee', { from: 'Boss Admin', to: null }, t, 'en')).toEqual([
      'No longer handled by Boss Admin.',
    ]);
  });

  it('writes Mongolian sentences, capitalised, with nothing left in English', () => {
    expect(describeChange('fare', { from: 1200, to: 1350 }, tMn, 'mn')).toEqual([
      `Үнэ өөрчлөгдсөн: өмнө нь ${formatHistoryValue('fare', 1200, tMn, 'mn')}, одоо ${formatHistoryValue('fare', 1350, tMn, 'mn')}.`,
    ]);
    expect(describeChange('assignee', { from: null, to: 'Болд' }, tMn, 'mn')).toEqual(['Одоо Болд хариуцаж байна.']);
  });
});
