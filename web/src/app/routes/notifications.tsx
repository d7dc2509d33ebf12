import { NotificationsPage } from '../../features/notifications/components/notifications-page.tsx';

/** /notifications (spec section 2): the full notification list; signed-in people only. */
export function Component() {
  return <NotificationsPage />;
}
