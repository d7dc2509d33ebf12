import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushMessageOf, pushSupport, sendOrRenew } from './push.ts';

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

describe('sendOrRenew', () => {
  /** A subscription as the browser hands it out, remembering whether it was dropped. */
  function subscription(endpoint: string, key: Uint8Array) {
    return {
      endpoint,
      options: { applicationServerKey: key.buffer },
      unsubscribed: false,
      toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
      async unsubscribe() {
        this.unsubscribed = true;
        return true;
      },
    };
  }

  it("drops a subscription the server says is another account's, and sends a new one", async () => {
    const key = new Uint8Array(65).fill(4);
    const vapidPublicKey = Buffer.from(key).toString('base64url');
    const theirs = subscription('https://fcm.googleapis.com/fcm/send/theirs', key);
    const mine = subscription('https://fcm.googleapis.com/fcm/send/mine', key);
    const posted: string[] = [];
    vi.stubGlobal('window', { localStorage: { setItem: () => undefined, getItem: () => null } });
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      if (path === '/api/config') return new Response(JSON.stringify({ vapidPublicKey }));
      const { endpoint } = JSON.parse(String(init.body)) as { endpoint: string };
      posted.push(endpoint);
      return endpoint === theirs.endpoint
        ? new Response(JSON.stringify({ error: { code: 'PUSH_SUBSCRIPTION_TAKEN', message: 'taken' } }), {
            status: 409,
          })
        : new Response(null, { status: 204 });
    });
    let current: ReturnType<typeof subscription> | null = theirs;
    const registration = {
      pushManager: {
        getSubscription: async () => (current?.unsubscribed ? null : current),
        subscribe: async () => (current = mine),
      },
    } as unknown as ServiceWorkerRegistration;

    const sent = await sendOrRenew(registration, theirs as unknown as PushSubscription, 'user-1');
    expect(sent.endpoint).toBe(mine.endpoint);
    expect(theirs.unsubscribed).toBe(true);
    expect(posted).toEqual([theirs.endpoint, mine.endpoint]);
  });

  it('passes any other refusal on', async () => {
    const theirs = subscription('https://example.com/x', new Uint8Array(65));
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'PUSH_ENDPOINT_REFUSED', message: 'refused' } }, { status: 400 }),
    );
    const registration = {} as ServiceWorkerRegistration;
    await expect(sendOrRenew(registration, theirs as unknown as PushSubscription, 'user-1')).rejects.toMatchObject({
      code: 'PUSH_ENDPOINT_REFUSED',
    });
    expect(theirs.unsubscribed).toBe(false);
  });
});
