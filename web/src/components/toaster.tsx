import { createRoot } from 'react-dom/client';
import i18n from 'i18next';
import { notifications, Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { UiProvider } from './ui-provider.tsx';
import { TOAST_MS, type Toast } from './notify.ts';

let mounted = false;

/** One toast host for the whole app, in a root of its own so it survives every navigation. */
function mountHost() {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'toasts';
  document.body.appendChild(host);
  createRoot(host).render(
    <UiProvider>
      {/* Bottom corner: never over the header's account menu or the phone menu button. */}
      <Notifications position="bottom-right" autoClose={TOAST_MS} limit={4} />
    </UiProvider>,
  );
}

const COLORS = { success: 'teal', error: 'red', info: 'brand' } as const;

/** When each toast was last shown: the same words twice within a moment are one toast. */
const lastShown = new Map<string, number>();
const SAME_TOAST_MS = 2000;

export function showToast(toast: Toast) {
  // One action answered twice (a double click, which the server answers once: decision 028) says so once.
  const words = `${toast.tone}\n${toast.title ?? ''}\n${toast.message}`;
  const now = Date.now();
  if (now - (lastShown.get(words) ?? -Infinity) < SAME_TOAST_MS) return;
  lastShown.set(words, now);
  mountHost();
  // The host renders on the next frame; show once it can listen.
  requestAnimationFrame(() =>
    notifications.show({
      title: toast.title,
      message: toast.message,
      color: COLORS[toast.tone],
      autoClose: toast.autoClose ?? TOAST_MS,
      closeButtonProps: { 'aria-label': i18n.t('common:close') },
    }),
  );
}
