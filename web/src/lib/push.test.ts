import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushMessageOf, pushSupport } from './push.ts';

afterEach(() => vi.unstubAllGlobals());

/** A browser as far as pushSupport() looks: its user agent, display mode and what it offers. */
function browser(options: { userAgent: string; standalone?: boolean; push?: boolean; permission?: string }) {
  const { userAgent, standalone = false, push = true, permission = 'default' } = options;
  vi.stubGlobal('navigator', {
    userAgent,
    maxTouchPoints: /iPhone|iPad/.test(userAgent) ? 5 : 0,
    ...(push ? { serviceWorker: {} } : {}),
  });
  vi.stubGlobal('window', {
    matchMedia: () => ({ matches: standalone }),
    ...(push ? { PushManager: class {}, Notification: class {} } : {}),
  });
  vi.stubGlobal('Notification', { permission });
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

describe('pushSupport', () => {
  it('asks iPhone users in Safari to add Aylal to the Home Screen first', () => {
    browser({ userAgent: IPHONE, push: false });
    expect(pushSupport()).toBe('ios-needs-home-screen');
  });

  it('offers push in the Home Screen app on iOS', () => {
    browser({ userAgent: IPHONE, standalone: true });
    expect(pushSupport()).toBe('default');
  });

  it('follows the permission elsewhere, and says none without push', () => {
    browser({ userAgent: CHROME, permission: 'granted' });
    expect(pushSupport()).toBe('granted');
    browser({ userAgent: CHROME, permission: 'denied' });
    expect(pushSupport()).toBe('denied');
    browser({ userAgent: CHROME, push: false });
    expect(pushSupport()).toBe('none');
  });
});

describe('pushMessageOf', () => {
  it("reads the service worker's push message, and nothing else", () => {
    const push = { title: 'Consultation confirmed', body: 'See you.', url: '/consultations', tag: 'n-1' };
    expect(pushMessageOf({ type: 'aylal:push', push })).toEqual(push);
    expect(pushMessageOf({ type: 'aylal:push', push: { title: 'T', body: 'B' } })).toEqual({
      title: 'T',
      body: 'B',
      url: '/',
      tag: '',
    });
    expect(pushMessageOf({ type: 'other', push })).toBeNull();
    expect(pushMessageOf({ type: 'aylal:push', push: { title: 1, body: 'B' } })).toBeNull();
    expect(pushMessageOf(null)).toBeNull();
    expect(pushMessageOf('aylal:push')).toBeNull();
  });
});
