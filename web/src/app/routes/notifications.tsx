import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

// The page, what it shares with the bell, and its words load from here rather than with the route
// table (shared/src/pages.ts, app/router.tsx): that table is part of the landing route's JavaScript,
// whose budget has no room for their file list.
const NotificationsPage = lazy(() =>
  Promise.all([
    import('../../features/notifications/components/notifications-page.tsx'),
    loadNamespaces(['notifications', 'jobs']),
  ]).then(([module]) => ({ default: module.NotificationsPage })),
);

/** /notifications (spec section 2): the full notification list; signed-in people only. */
export function Component() {
  return (
    <Suspense fallback={<PageLoader />}>
      <NotificationsPage />
    </Suspense>
  );
}
