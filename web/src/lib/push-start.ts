import { PUSH_TOAST_MS } from '../components/notify.ts';
import { pushMessageOf, refreshPushSubscription } from './push.ts';

let started = false;
let refreshedFor: string | null = null;

/**
 * Started for a signed-in person (with their account menu), never with a visitor's first screen:
 * registers the service worker, shows pushes that arrive while a page is visible as a 5000 ms
 * toast, and sends this user's subscription again when due (lib/push.ts).
 */
export function startPush(userId: string) {
  if (!('serviceWorker' in navigator)) return;
  if (!started) {
    started = true;
    navigator.serviceWorker.addEventListener('message', (event) => {
      const push = pushMessageOf(event.data);
      if (!push) return;
      // The toast host (Mantine) loads with the first toast; a push toast lasts 5000 ms (spec).
      void import('../components/toaster.tsx').then(({ showToast }) =>
        showToast({ title: push.title, message: push.body, tone: 'info', autoClose: PUSH_TOAST_MS }),
      );
    });
  }
  if (refreshedFor === userId) return;
  refreshedFor = userId;
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => refreshPushSubscription(userId))
    .catch((error: unknown) => console.info('Push not started', error));
}
