import { lazy, Suspense } from 'react';
import { Group } from '@mantine/core';
import type { SessionUser } from '@aylal/shared/schemas/auth';
import { UserMenu } from '../../components/nav/user-menu.tsx';
import { UiProvider } from '../../components/ui-provider.tsx';
import { useAuthActions } from '../../features/auth/use-auth-actions.ts';
import { loadNamespaces } from '../../lib/i18n.ts';

// The bell with its words (a notification's texts and the job application states).
const NotificationBell = lazy(() =>
  Promise.all([
    import('../../features/notifications/components/bell.tsx'),
    loadNamespaces(['notifications', 'jobs']),
  ]).then(([module]) => ({ default: module.NotificationBell })),
);

/**
 * The signed-in corner of the navigation bar: the bell and the user menu. Loaded only once the
 * session says someone is signed in (the landing route carries none of it); the bell brings the
 * live stream that keeps its dot current.
 */
export default function AccountMenu(props: { user: SessionUser; inverted: boolean }) {
  const { logout } = useAuthActions();
  return (
    <UiProvider>
      <Group gap={6} wrap="nowrap">
        <Suspense fallback={<span style={{ width: 38, height: 38 }} aria-hidden="true" />}>
          <NotificationBell userId={props.user.id} inverted={props.inverted} />
        </Suspense>
        <UserMenu user={props.user} onLogout={() => void logout()} />
      </Group>
    </UiProvider>
  );
}
