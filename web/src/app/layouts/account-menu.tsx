import { Group } from '@mantine/core';
import type { SessionUser } from '@aylal/shared/schemas/auth';
import { UserMenu } from '../../components/nav/user-menu.tsx';
import { UiProvider } from '../../components/ui-provider.tsx';
import { NotificationBell } from '../../features/notifications/components/bell.tsx';
import { useLive } from '../../lib/live.ts';

/**
 * The signed-in corner of the navigation bar: the bell and the user menu. Loaded only once the
 * session says someone is signed in, with the live stream that keeps the bell's dot current.
 */
export default function AccountMenu(props: { user: SessionUser; onLogout: () => void; inverted: boolean }) {
  useLive(props.user.id);
  return (
    <UiProvider>
      <Group gap={6} wrap="nowrap">
        <NotificationBell inverted={props.inverted} />
        <UserMenu user={props.user} onLogout={props.onLogout} />
      </Group>
    </UiProvider>
  );
}
