import { addDays, minutesOfDay, zonedTime, type WorkingHours } from '@aylal/shared/consultation-rules';

const HOUR_MS = 3_600_000;

/** Before the working hours are known (and should they be empty): the usual office day. */
const FALLBACK = { first: 8, last: 19 };

/**
 * When the agency works on the days shown, as a clock in `viewerZone` reads them (the calendar
 * passes the agency's own zone, decision 030; the arithmetic holds for any): the earliest start
 * and latest end, in hours from that clock's midnight (fractions kept), or null if never. Every
 * shown day counts, whatever its weekday, so the grid keeps its shape across the week; an agency
 * day that straddles the viewer's midnight counts on both sides.
 */
export function workingSpan(
  dates: string[],
  hours: Pick<WorkingHours, 'dayStart' | 'dayEnd' | 'timeZone'>,
  viewerZone: string,
): { first: number; last: number } | null {
  let first = Infinity;
  let last = -Infinity;
  for (const date of dates) {
    const midnight = zonedTime(date, 0, viewerZone).getTime();
    const nextMidnight = zonedTime(addDays(date, 1), 0, viewerZone).getTime();
    for (const agencyDate of [addDays(date, -1), date, addDays(date, 1)]) {
      const start = zonedTime(agencyDate, minutesOfDay(hours.dayStart), hours.timeZone).getTime();
      const end = zonedTime(agencyDate, minutesOfDay(hours.dayEnd), hours.timeZone).getTime();
      const from = Math.max(start, midnight);
      const to = Math.min(end, nextMidnight);
      if (from >= to) continue;
      first = Math.min(first, (from - midnight) / HOUR_MS);
      last = Math.max(last, (to - midnight) / HOUR_MS);
    }
  }
  return first < last ? { first, last } : null;
}

/**
 * The whole hours the week and day views draw: the working hours in the viewer's zone with an hour
 * either side, stretched to show every consultation (`spans`: start and end, in hours from the
 * viewer's midnight) that falls outside them.
 */
export function gridHours(
  span: { first: number; last: number } | null,
  spans: { start: number; end: number }[],
): { first: number; last: number } {
  const base = span ? { first: Math.floor(span.first) - 1, last: Math.ceil(span.last) + 1 } : FALLBACK;
  const first = Math.min(base.first, ...spans.map((item) => Math.floor(item.start)));
  const last = Math.max(base.last, ...spans.map((item) => Math.ceil(item.end)));
  return { first: Math.max(0, first), last: Math.min(24, last) };
}
