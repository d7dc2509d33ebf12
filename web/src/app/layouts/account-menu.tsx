import { Group } from '@mantine/core';
import type { SessionUser } from '@aylal/shared/schemas/auth';
import { NotificationBell } from '../../components/nav/notification-bell.tsx';
import { UserMenu } from '../../components/nav/user-menu.tsx';
import { UiProvider } from '../../components/ui-provider.tsx';

/** The signed-in corner of the navigation bar: the bell and the user menu. */
export default function AccountMenu(props: { user: SessionUser; onLogout: () => void; inverted: boolean }) {
  return (
    <UiProvider>
      <Group gap="sm" wrap="nowrap">
        <NotificationBell inverted={props.inverted} />
        <UserMenu user={props.user} onLogout={props.onLogout} />
      </Group>
    </UiProvider>
  );
}
