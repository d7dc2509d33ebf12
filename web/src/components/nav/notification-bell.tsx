import { ActionIcon, Anchor, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The navigation bar's bell: a dropdown of limited height with a link to the full list. The unread
 * dot and the items come with the notifications feature; until then the list is empty.
 */
export function NotificationBell({ unreadCount = 0, inverted = false }: { unreadCount?: number; inverted?: boolean }) {
  const { t } = useTranslation('publicNav');
  return (
    <Popover width={320} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Indicator disabled={unreadCount === 0} color="red" size={9} offset={6} processing={false}>
          <ActionIcon
            variant="subtle"
            color={inverted ? 'white' : 'gray'}
            size="lg"
            aria-label={unreadCount > 0 ? t('unreadNotifications') : t('notifications')}
          >
            <IconBell size={20} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('notifications')}
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Text c="dimmed" size="sm" py="md" ta="center">
              {t('noNotifications')}
            </Text>
          </ScrollArea.Autosize>
          <Anchor component={Link} to="/notifications" size="sm" ta="center">
            {t('viewAllNotifications')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
