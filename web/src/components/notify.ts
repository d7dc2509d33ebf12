/** Spec section 9: toasts last 3000 ms; a push message's toast lasts 5000 ms. */
export const TOAST_MS = 3000;
export const PUSH_TOAST_MS = 5000;

export interface Toast {
  message: string;
  title?: string;
  tone: 'success' | 'error' | 'info';
  autoClose?: number;
}

// The toast host (Mantine's notifications) loads with the first toast, not with the page.
function show(toast: Toast) {
  void import('./toaster.tsx').then(({ showToast }) => showToast(toast));
}

export function notifySuccess(message: string) {
  show({ message, tone: 'success' });
}

export function notifyError(message: string) {
  show({ message, tone: 'error' });
}

export function notifyInfo(message: string) {
  show({ message, tone: 'info' });
}
