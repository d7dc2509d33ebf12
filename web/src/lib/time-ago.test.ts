import { describe, expect, it } from 'vitest';
import { timeAgo, withoutIntl } from './time-ago.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const words = { now: NOW, justNow: 'just now', timeZone: 'UTC' };

describe('timeAgo', () => {
  it('says "just now" under a minute, and for a clock a little ahead', () => {
    expect(timeAgo(ago(20_000), 'en', words)).toBe('just now');
    expect(timeAgo(ago(-5_000), 'mn', { ...words, justNow: 'дөнгөж сая' })).toBe('дөнгөж сая');
  });

  it('counts minutes, hours and days in English', () => {
    expect(timeAgo(ago(5 * MIN), 'en', words)).toBe('5 minutes ago');
    expect(timeAgo(ago(1 * MIN), 'en', words)).toBe('1 minute ago');
    expect(timeAgo(ago(3 * 60 * MIN + 59 * MIN), 'en', words)).toBe('3 hours ago');
    expect(timeAgo(ago(25 * 60 * MIN), 'en', words)).toBe('yesterday');
    expect(timeAgo(ago(3 * 24 * 60 * MIN), 'en', words)).toBe('3 days ago');
  });

  it('counts them in Mongolian', () => {
    expect(timeAgo(ago(5 * MIN), 'mn', words)).toBe('5 минутын өмнө');
    expect(timeAgo(ago(2 * 60 * MIN), 'mn', words)).toBe('2 цагийн өмнө');
    expect(timeAgo(ago(25 * 60 * MIN), 'mn', words)).toBe('өчигдөр');
    expect(timeAgo(ago(4 * 24 * 60 * MIN), 'mn', words)).toBe('4 өдрийн өмнө');
  });

  it('writes the same words out where the browser has no relative-time data', () => {
    withoutIntl(() => {
      expect(timeAgo(ago(5 * MIN), 'mn', words)).toBe('5 минутын өмнө');
      expect(timeAgo(ago(2 * 60 * MIN), 'mn', words)).toBe('2 цагийн өмнө');
      expect(timeAgo(ago(25 * 60 * MIN), 'mn', words)).toBe('өчигдөр');
      expect(timeAgo(ago(4 * 24 * 60 * MIN), 'mn', words)).toBe('4 өдрийн өмнө');
      expect(timeAgo(ago(1 * MIN), 'en', words)).toBe('1 minute ago');
      expect(timeAgo(ago(5 * 60 * MIN), 'en', words)).toBe('5 hours ago');
    });
  });

  it("shows the date from a week on, in the reader's zone", () => {
    expect(timeAgo('2026-11-09T20:00:00Z', 'en', words)).toBe('9 Nov 2026');
    expect(timeAgo('2026-11-09T20:00:00Z', 'mn', { ...words, timeZone: 'Asia/Ulaanbaatar' })).toBe(
      '2026 оны 11-р сарын 10',
    );
  });
});
