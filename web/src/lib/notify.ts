import { notifications } from '@mantine/notifications';

/** Spec section 9: toasts last 3000 ms. */
export const TOAST_MS = 3000;

export function notifySuccess(message: string) {
  notifications.show({ message, color: 'teal', autoClose: TOAST_MS });
}

export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: TOAST_MS });
}
