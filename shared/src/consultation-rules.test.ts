import { describe, expect, it } from 'vitest';
import {
  actionAllowed,
  canCancel,
  canReschedule,
  DEFAULT_WORKING_HOURS,
  isOfferedSlot,
  slotsOfDay,
  upcomingSlots,
  zonedTime,
  type WorkingHours,
} from './consultation-rules.ts';

const hours: WorkingHours = { ...DEFAULT_WORKING_HOURS, dayStart: '10:00', dayEnd: '12:00', slotMinutes: 30 };

describe('working hours', () => {
  it('turns agency wall-clock times into UTC moments, across daylight saving too', () => {
    expect(zonedTime('2026-11-23', 600, 'Asia/Ulaanbaatar').toISOString()).toBe('2026-11-23T02:00:00.000Z');
    expect(zonedTime('2026-07-01', 600, 'Europe/Berlin').toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedTime('2026-12-01', 600, 'Europe/Berlin').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(zonedTime('2026-03-29', 180, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('offers slots on working weekdays only, each ending by the end of the day', () => {
    expect(slotsOfDay('2026-11-23', hours).map((d) => d.toISOString())).toEqual([
      '2026-11-23T02:00:00.000Z',
      '2026-11-23T02:30:00.000Z',
      '2026-11-23T03:00:00.000Z',
      '2026-11-23T03:30:00.000Z',
    ]);
    expect(slotsOfDay('2026-11-22', hours)).toEqual([]); // Sunday
    expect(slotsOfDay('2026-11-23', { ...hours, slotMinutes: 45 })).toHaveLength(2);
  });

  it('keeps the lead time and the horizon', () => {
    const now = new Date('2026-11-23T01:30:00Z'); // 09:30 Monday in Ulaanbaatar
    const slots = upcomingSlots({ ...hours, horizonDays: 1 }, now);
    // 10:00 and 10:30 are within the two-hour lead; Tuesday is the last day of the horizon.
    expect(slots[0]!.toISOString()).toBe('2026-11-23T03:30:00.000Z');
    expect(slots.at(-1)!.toISOString()).toBe('2026-11-24T03:30:00.000Z');
    expect(isOfferedSlot(new Date('2026-11-23T03:30:00Z'), hours, now)).toBe(true);
    expect(isOfferedSlot(new Date('2026-11-23T03:00:00Z'), hours, now)).toBe(false);
    expect(isOfferedSlot(new Date('2026-11-23T03:45:00Z'), hours, now)).toBe(false);
    expect(isOfferedSlot(new Date('2026-11-23T04:00:00Z'), hours, now)).toBe(false);
    expect(isOfferedSlot(new Date('2027-11-23T03:30:00Z'), hours, now)).toBe(false);
  });
});

describe('the policy', () => {
  const now = new Date('2026-11-20T00:00:00Z');
  it('allows cancelling 24 hours ahead and rescheduling 48 hours ahead, not later', () => {
    expect(canCancel('2026-11-21T00:00:00Z', now)).toBe(true);
    expect(canCancel('2026-11-20T23:59:00Z', now)).toBe(false);
    expect(canReschedule('2026-11-22T00:00:00Z', now)).toBe(true);
    expect(canReschedule('2026-11-21T23:59:00Z', now)).toBe(false);
  });

  it('lets staff complete or mark a no-show only once the time has come', () => {
    expect(actionAllowed('confirm', 'pending', '2026-11-25T00:00:00Z', now)).toBe(true);
    expect(actionAllowed('confirm', 'confirmed', '2026-11-25T00:00:00Z', now)).toBe(false);
    expect(actionAllowed('complete', 'confirmed', '2026-11-25T00:00:00Z', now)).toBe(false);
    expect(actionAllowed('complete', 'confirmed', '2026-11-19T00:00:00Z', now)).toBe(true);
    expect(actionAllowed('no-show', 'cancelled', '2026-11-19T00:00:00Z', now)).toBe(false);
    expect(actionAllowed('cancel', 'completed', '2026-11-19T00:00:00Z', now)).toBe(false);
  });
});

describe('daylight saving', () => {
  const allDay = (timeZone: string): WorkingHours => ({
    ...DEFAULT_WORKING_HOURS,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    dayStart: '00:00',
    dayEnd: '23:59',
    timeZone,
  });
  const isoOf = (dates: Date[]) => dates.map((date) => date.toISOString());

  it('skips the hour clocks jump over and offers a repeated hour once', () => {
    // New York springs forward at 02:00 on 8 March 2026: 02:00 and 02:30 do not exist.
    const spring = slotsOfDay('2026-03-08', allDay('America/New_York'));
    expect(spring).toHaveLength(48 - 1 - 2);
    expect(new Set(isoOf(spring)).size).toBe(spring.length);
    // It falls back at 02:00 on 1 November: 01:00 and 01:30 happen twice, offered once each.
    const autumn = slotsOfDay('2026-11-01', allDay('America/New_York'));
    expect(new Set(isoOf(autumn)).size).toBe(autumn.length);
    expect(autumn).toHaveLength(47);
  });

  it('never offers a slot of another day where clocks jump at midnight, and books what it offers', () => {
    // Santiago springs forward at midnight on 6 September 2026.
    const hours = allDay('America/Santiago');
    const day = slotsOfDay('2026-09-06', hours);
    expect(day.every((slot) => slot.toISOString() >= '2026-09-06T04:00:00.000Z')).toBe(true);
    const now = new Date('2026-09-01T12:00:00Z');
    for (const slot of upcomingSlots({ ...hours, horizonDays: 10, leadHours: 0 }, now))
      expect(isOfferedSlot(slot, { ...hours, horizonDays: 10, leadHours: 0 }, now)).toBe(true);
  });
});
