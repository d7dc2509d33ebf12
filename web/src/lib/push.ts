import type { PushMessage } from '@aylal/shared/schemas/push';
import { apiRequest, ApiRequestError } from './api-client.ts';
import { readStored, writeStored } from './storage.ts';

/**
 * Web Push in the browser (decision 014). Permission is asked only from a person's own click
 * (`enablePush`); the subscription is sent to the server and sent again after 7 days (spec), and
 * whenever the browser's subscription changed.
 */

/** Spec section 9: the push token is refreshed after 7 days. */
export const PUSH_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;
const STORAGE_KEY = 'aylal.push';

/** What the browser allows: push at all, on iOS only from the Home Screen, and the permission. */
export type PushSupport = 'none' | 'ios-needs-home-screen' | 'default' | 'denied' | 'granted';

interface Sent {
  endpoint: string;
  userId: string;
  sentAt: number;
}

function isIos(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  // iPadOS says it is a Mac; a Mac has no touch screen.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'none';
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  // Safari on iOS offers push only to the app added to the Home Screen.
  if (isIos() && !isStandalone()) return 'ios-needs-home-screen';
  if (!capable) return 'none';
  return Notification.permission === 'default' ? 'default' : Notification.permission;
}

function readSent(): Sent | null {
  try {
    const value = JSON.parse(readStored(STORAGE_KEY) ?? 'null') as Sent | null;
    return value && typeof value.endpoint === 'string' && typeof value.sentAt === 'number' ? value : null;
  } catch {
    return null;
  }
}

function writeSent(value: Sent | null) {
  writeStored(STORAGE_KEY, value ? JSON.stringify(value) : 'null');
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register('/sw.js');
}

async function send(subscription: PushSubscription, userId: string) {
  const json = subscription.toJSON();
  await apiRequest<null>('/api/push/subscriptions', {
    method: 'POST',
    body: { endpoint: json.endpoint, keys: json.keys },
  });
  writeSent({ endpoint: subscription.endpoint, userId, sentAt: Date.now() });
}

/** Subscribes with the server's VAPID key, replacing a subscription made with another key. */
async function subscribe(reg: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { vapidPublicKey } = await apiRequest<{ vapidPublicKey: string }>('/api/config');
  const key = keyBytes(vapidPublicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing) {
    const current = existing.options.applicationServerKey;
    const same = current && new Uint8Array(current).every((byte, index) => byte === key[index]);
    if (same) return existing;
    await existing.unsubscribe();
  }
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * Sends this browser's subscription for this user. The server never moves an endpoint from one
 * account to another (decision 024): when this browser's endpoint is still someone else's (they
 * left without signing out), it answers PUSH_SUBSCRIPTION_TAKEN, and the browser, which alone
 * can, drops that subscription and sends a new one.
 */
export async function sendOrRenew(
  reg: ServiceWorkerRegistration,
  subscription: PushSubscription,
  userId: string,
): Promise<PushSubscription> {
  try {
    await send(subscription, userId);
    return subscription;
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.code === 'PUSH_SUBSCRIPTION_TAKEN')) throw error;
    await subscription.unsubscribe();
    const renewed = await subscribe(reg);
    await send(renewed, userId);
    return renewed;
  }
}

/**
 * Turns push on for this device and this signed-in user. Call it only from a person's own click:
 * it asks the browser's permission. True when on; false when the permission was not given (only
 * logged: spec section 8). Throws when the subscription could not be made or sent.
 */
export async function enablePush(userId: string): Promise<boolean> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    console.info(`Notification permission ${permission}`);
    return false;
  }
  const reg = await registration();
  await sendOrRenew(reg, await subscribe(reg), userId);
  return true;
}

/** Turns push off for this device: the server forgets it, the browser unsubscribes. */
export async function disablePush(): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) {
    await apiRequest<null>('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  writeSent(null);
}

/**
 * Before signing out: this browser's subscription belongs to the person leaving, and the next one
 * to sign in here must not get their pushes. Gives up quietly after 3 s (signing out must not wait
 * on a slow network or a browser without push).
 */
export async function forgetDevice(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  await Promise.race([disablePush(), new Promise((resolve) => setTimeout(resolve, 3000))]).catch((error: unknown) =>
    console.info('Push subscription not removed at sign-out', error),
  );
}

/** Whether this device has a subscription the server was sent for this user. */
export async function pushEnabled(userId: string): Promise<boolean> {
  if (pushSupport() !== 'granted') return false;
  const reg = await navigator.serviceWorker.getRegistration('/');
  const subscription = await reg?.pushManager.getSubscription();
  const sent = readSent();
  return Boolean(subscription && sent && sent.userId === userId && sent.endpoint === subscription.endpoint);
}

/**
 * On start, for the signed-in user who turned push on on this device: the subscription is sent
 * again when it was last sent more than 7 days ago (spec) or the browser changed it meanwhile.
 */
export async function refreshPushSubscription(userId: string, now = Date.now()): Promise<void> {
  if (pushSupport() !== 'granted') return;
  const sent = readSent();
  if (!sent || sent.userId !== userId) return;
  const reg = await navigator.serviceWorker.getRegistration('/');
  if (!reg) return;
  const subscription = await subscribe(reg);
  if (subscription.endpoint === sent.endpoint && now - sent.sentAt < PUSH_REFRESH_MS) return;
  await sendOrRenew(reg, subscription, userId);
}

/** The service worker's message for a push that arrived while a page of ours was visible. */
export function pushMessageOf(data: unknown): PushMessage | null {
  const message = data as { type?: unknown; push?: Partial<PushMessage> } | null;
  if (message?.type !== 'aylal:push' || !message.push) return null;
  const { title, body, url, tag } = message.push;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  return { title, body, url: typeof url === 'string' ? url : '/', tag: typeof tag === 'string' ? tag : '' };
}
