import { describe, expect, it } from 'vitest';
import { gridHours, workingSpan } from './calendar-hours.ts';

const UB = { dayStart: '09:00', dayEnd: '18:00', timeZone: 'Asia/Ulaanbaatar' };

describe("the calendar's hours", () => {
  it("are the working hours in the viewer's zone, an hour either side", () => {
    expect(gridHours(workingSpan(['2026-11-23'], UB, 'Asia/Ulaanbaatar'), [])).toEqual({ first: 8, last: 19 });
    // Berlin is seven hours behind Ulaanbaatar in November: 02:00–11:00.
    expect(workingSpan(['2026-11-23'], UB, 'Europe/Berlin')).toEqual({ first: 2, last: 11 });
    expect(gridHours(workingSpan(['2026-11-23'], UB, 'Europe/Berlin'), [])).toEqual({ first: 1, last: 12 });
    // Half-hour zones and hours keep their fractions until the grid rounds them out.
    expect(workingSpan(['2026-11-23'], { ...UB, dayStart: '09:30' }, 'Asia/Kolkata')).toEqual({ first: 7, last: 15.5 });
  });

  it('cover the whole day when the working day straddles the viewer’s midnight', () => {
    // New York: 20:00 the evening before to 05:00.
    expect(gridHours(workingSpan(['2026-11-23'], UB, 'America/New_York'), [])).toEqual({ first: 0, last: 24 });
  });

  it('stretch to a consultation outside them, and fall back to the office day before the hours are known', () => {
    const span = workingSpan(['2026-11-23'], UB, 'Asia/Ulaanbaatar');
    expect(gridHours(span, [{ start: 6.5, end: 7 }])).toEqual({ first: 6, last: 19 });
    expect(gridHours(span, [{ start: 20, end: 21.25 }])).toEqual({ first: 8, last: 22 });
    expect(gridHours(null, [])).toEqual({ first: 8, last: 19 });
  });
});
