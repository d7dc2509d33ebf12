import { describe, expect, it } from 'vitest';
import { formatDateTimeInZone, zoneName } from './zone-name.ts';

const moment = new Date('2026-11-21T01:37:00Z'); // 09:37 in Ulaanbaatar

describe('times with their clock named (docs/decisions/030)', () => {
  it("says which zone a time is in, in the reader's language", () => {
    expect(formatDateTimeInZone(moment, 'en', 'Asia/Ulaanbaatar')).toBe('21 Nov 2026, 09:37 (Ulaanbaatar time)');
    expect(formatDateTimeInZone(moment, 'mn', 'Asia/Ulaanbaatar')).toBe(
      '2026 оны 11-р сарын 21 09:37 (Улаанбаатарын цагаар)',
    );
    expect(formatDateTimeInZone(moment, 'en', 'America/New_York')).toBe('20 Nov 2026, 20:37 (New York time)');
    expect(zoneName('Europe/Berlin', 'mn', moment)).toBe('GMT+1');
    expect(zoneName('UTC', 'mn')).toBe('UTC');
  });
});
