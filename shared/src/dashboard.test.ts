import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_FIGURE_KEYS,
  DASHBOARD_QUEUES,
  dashboardHref,
  dashboardPeriod,
  dashboardQueueItemHref,
  dashboardTarget,
  waitedFor,
} from './dashboard.ts';

describe('dashboard periods, targets and ages', () => {
  it('counts the last days up to today, and as many before them, across a month and a year', () => {
    expect(dashboardPeriod(7, '2026-03-02')).toEqual({
      days: 7,
      today: '2026-03-02',
      from: '2026-02-24',
      to: '2026-03-02',
      previousFrom: '2026-02-17',
      previousTo: '2026-02-23',
    });
    expect(dashboardPeriod(30, '2027-01-10')).toMatchObject({
      from: '2026-12-12',
      previousFrom: '2026-11-12',
      previousTo: '2026-12-11',
    });
  });

  it('gives every figure and queue a list, with the period’s days where it counts over them', () => {
    const range = { from: '2026-11-01', to: '2026-11-07' };
    for (const key of [...DASHBOARD_FIGURE_KEYS, ...DASHBOARD_QUEUES]) {
      expect(dashboardHref(dashboardTarget(key, range, '2026-11-07'))).toMatch(/^\/admin\/[a-z-]+\?./);
    }
    expect(dashboardHref(dashboardTarget('visa.action-required', range, '2026-11-07'))).toBe(
      '/admin/visa?from=2026-11-01&to=2026-11-07&state=action-required',
    );
    expect(dashboardTarget('consultations.week', range, '2026-11-07').filter).toEqual({
      from: '2026-11-07',
      to: '2026-11-13',
      upcoming: '1',
    });
    expect(dashboardQueueItemHref('visaToReview', 'abc')).toBe('/admin/visa/abc');
    expect(dashboardQueueItemHref('consultationsToConfirm', 'abc')).toBe('/admin/consultations?open=abc');
    expect(dashboardHref(dashboardTarget('messages.received', range, '2026-11-07'))).toBe(
      '/admin/contact-us?from=2026-11-01&to=2026-11-07',
    );
    expect(dashboardHref(dashboardTarget('unansweredMessages', range, '2026-11-07'))).toBe(
      '/admin/contact-us?unanswered=1&sort=oldest',
    );
    expect(dashboardQueueItemHref('unansweredMessages', 'abc')).toBe('/admin/contact-us/abc');
  });

  it('says how long something waited in the largest unit that reads well', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(waitedFor('2026-11-25T11:15:00Z', now)).toEqual({ unit: 'minutes', count: 45 });
    expect(waitedFor('2026-11-24T08:00:00Z', now)).toEqual({ unit: 'hours', count: 28 });
    expect(waitedFor('2026-11-22T11:00:00Z', now)).toEqual({ unit: 'days', count: 3 });
    expect(waitedFor('2026-11-26T00:00:00Z', now)).toEqual({ unit: 'minutes', count: 0 });
  });
});
