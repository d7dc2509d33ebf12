import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '@aylal/shared/notifications';
import enJobs from '../../../../locales/en/jobs.json';
import enNotifications from '../../../../locales/en/notifications.json';
import mnJobs from '../../../../locales/mn/jobs.json';
import mnNotifications from '../../../../locales/mn/notifications.json';
import { notificationView, type ViewContext } from './use-notification-view.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');

const contexts: Record<'en' | 'mn', ViewContext> = {
  en: {
    language: 'en',
    catalogue: enNotifications.types,
    stateLabels: enJobs.applicationStates,
    justNow: enNotifications.timeAgo.justNow,
    now: NOW,
    timeZone: 'Asia/Ulaanbaatar',
  },
  mn: {
    language: 'mn',
    catalogue: mnNotifications.types,
    stateLabels: mnJobs.applicationStates,
    justNow: mnNotifications.timeAgo.justNow,
    now: NOW,
    timeZone: 'Asia/Ulaanbaatar',
  },
};

const confirmed: NotificationItem = {
  id: 'n1',
  seq: 1,
  type: 'consultationConfirmed',
  params: { trip: { en: 'Gobi Desert', mn: 'Говь цөл' }, startsAt: '2026-12-01T02:00:00Z' },
  link: '/consultations',
  read: false,
  createdAt: new Date(NOW - 5 * 60_000).toISOString(),
};

const application: NotificationItem = {
  id: 'n2',
  seq: 2,
  type: 'applicationStateChanged',
  params: { job: { en: 'Tour guide', mn: '' }, state: 'shortlisted' },
  link: '/applications',
  read: true,
  createdAt: new Date(NOW - 20_000).toISOString(),
};

describe('a notification as its reader sees it', () => {
  it("reads in English, with the time in the reader's zone and how long ago", () => {
    expect(notificationView(confirmed, contexts.en)).toEqual({
      title: 'Consultation confirmed',
      body: 'Your consultation about Gobi Desert on 1 Dec 2026, 10:00 (GMT+8) is confirmed.',
      ago: '5 minutes ago',
      at: '23 Nov 2026, 19:55',
    });
  });

  it('reads in Mongolian, the trip in Mongolian', () => {
    const view = notificationView(confirmed, contexts.mn);
    expect(view.title).toBe(mnNotifications.types.consultationConfirmed.title);
    expect(view.body).toContain('Говь цөл');
    expect(view.body).toContain('2026 оны 12-р сарын 1 10:00 (GMT+8)');
    expect(view.ago).toBe('5 минутын өмнө');
  });

  it("words a job application state in the reader's language, the job falling back to English", () => {
    expect(notificationView(application, contexts.en).body).toBe(
      'Your application for Tour guide is now: Shortlisted.',
    );
    const mn = notificationView(application, contexts.mn);
    expect(mn.body).toContain('Tour guide');
    expect(mn.body).toContain(mnJobs.applicationStates.shortlisted);
    expect(mn.ago).toBe('дөнгөж сая');
  });
});
