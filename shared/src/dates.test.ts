import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

const moment = new Date('2026-11-21T01:37:00Z'); // 09:37 in Ulaanbaatar

describe('formatDate', () => {
  it('writes Mongolian dates the CLDR way, whatever locale data the runtime has', () => {
    expect(formatDate(moment, 'mn', { timeZone: 'Asia/Ulaanbaatar' })).toBe('2026 оны 11-р сарын 21');
    expect(formatDate(moment, 'mn', { timeZone: 'Asia/Ulaanbaatar', withTime: true })).toBe(
      '2026 оны 11-р сарын 21 09:37',
    );
  });

  it('writes English dates day first with a 24-hour time', () => {
    expect(formatDate(moment, 'en', { timeZone: 'Asia/Ulaanbaatar' })).toBe('21 Nov 2026');
    expect(formatDate(moment, 'en', { timeZone: 'UTC', withTime: true })).toBe('21 Nov 2026, 01:37');
  });

  it('shows the moment in the zone asked for (stored in UTC)', () => {
    expect(formatDate('2026-11-20T23:30:00Z', 'mn', { timeZone: 'Asia/Ulaanbaatar' })).toBe('2026 оны 11-р сарын 21');
    expect(formatDate('2026-11-20T23:30:00Z', 'en', { timeZone: 'UTC' })).toBe('20 Nov 2026');
  });
});

describe('consultation times', () => {
  it('writes times, days and zone offsets for both languages', async () => {
    const { dayParts, formatDayLong, formatTime, zoneOffsetLabel } = await import('./dates.ts');
    const slot = new Date('2026-11-23T02:30:00Z'); // Monday 10:30 in Ulaanbaatar
    expect(formatTime(slot, 'Asia/Ulaanbaatar')).toBe('10:30');
    expect(formatTime(new Date('2026-11-22T16:00:00Z'), 'Asia/Ulaanbaatar')).toBe('00:00');
    expect(dayParts(slot, 'en', 'Asia/Ulaanbaatar')).toEqual({ weekday: 'Mon', day: '23', month: 'Nov' });
    expect(dayParts(slot, 'mn', 'Asia/Ulaanbaatar')).toEqual({ weekday: 'Да', day: '23', month: '11-р сар' });
    expect(formatDayLong(slot, 'en', 'Asia/Ulaanbaatar')).toBe('Monday, 23 Nov 2026');
    expect(formatDayLong(slot, 'mn', 'Asia/Ulaanbaatar')).toBe('2026 оны 11-р сарын 23, Даваа гараг');
    expect(zoneOffsetLabel('Asia/Ulaanbaatar', slot)).toBe('GMT+8');
    expect(zoneOffsetLabel('UTC', slot)).toBe('GMT+0');
  });
});

describe('English dates written out by hand', () => {
  it('match what Intl writes for en-GB, every month, in UTC and in a named zone', () => {
    for (let month = 0; month < 12; month += 1) {
      const moment = new Date(Date.UTC(2027, month, 4, 23, 5));
      for (const timeZone of ['UTC', 'Asia/Ulaanbaatar', 'America/New_York']) {
        const intl = (withTime: boolean) =>
          new Intl.DateTimeFormat('en-GB', {
            timeZone,
            dateStyle: 'medium',
            ...(withTime ? { timeStyle: 'short' as const, hourCycle: 'h23' as const } : {}),
          }).format(moment);
        expect(formatDate(moment, 'en', { timeZone })).toBe(intl(false));
        expect(formatDate(moment, 'en', { timeZone, withTime: true })).toBe(intl(true));
      }
    }
  });
});
