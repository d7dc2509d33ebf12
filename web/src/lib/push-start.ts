import { notifyPush } from '../components/notify.ts';
import { pushMessageOf, refreshPushSubscription } from './push.ts';
import { getSession, subscribeToSession } from './session.ts';

/**
 * Loaded after the page's load event (main.tsx), never with the first screen: registers the
 * service worker, shows pushes that arrive while a page is visible as a 5000 ms toast, and sends
 * the signed-in user's subscription again when due (lib/push.ts).
 */
export function startPush() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event) => {
    const push = pushMessageOf(event.data);
    if (push) notifyPush(push.title, push.body);
  });
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => {
      let refreshedFor: string | null = null;
      const refresh = () => {
        const userId = getSession().user?.id;
        if (!userId || refreshedFor === userId) return;
        refreshedFor = userId;
        refreshPushSubscription(userId).catch((error: unknown) =>
          console.info('Push subscription not refreshed', error),
        );
      };
      subscribeToSession(refresh);
      refresh();
    })
    .catch((error: unknown) => console.info('Service worker not registered', error));
}
