import { Checkbox, Stack, Switch, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DELIVERY_CHANNELS, NOTIFICATION_TOPICS } from '@aylal/shared/notifications';
import type { Profile } from '@aylal/shared/schemas/profile';
import { PushOptIn } from '../../../lib/push-opt-in.tsx';
import { ProfileSection } from '../components/profile-section.tsx';

/**
 * The spec's two switches and, beyond the spec, which topics reach the person by which channel
 * (decision 014: in-app is always on; a channel switched off greys its column).
 */
export function NotificationSettings({ form }: { form: UseFormReturnType<Profile> }) {
  const { t } = useTranslation('profile');
  const switches = { email: form.values.emailNotifications, push: form.values.pushNotifications };

  return (
    <ProfileSection id="profile-notifications" title={t('sections.notifications')}>
      <Stack gap="sm">
        <Switch
          label={t('fields.emailNotifications')}
          description={t('hints.emailNotifications')}
          {...form.getInputProps('emailNotifications', { type: 'checkbox' })}
        />
        <Switch
          label={t('fields.pushNotifications')}
          description={t('hints.pushNotifications')}
          {...form.getInputProps('pushNotifications', { type: 'checkbox' })}
        />
        {/* The account's switch says whether pushes are wanted at all; this device's subscription
            (asked for only from this click: the browser's permission prompt) is a separate matter. */}
        {form.values.pushNotifications && <PushOptIn variant="switch" />}
      </Stack>
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing="xs" horizontalSpacing="sm" withRowBorders>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
            <Text fw={600} size="sm" c="dark">
              {t('matrix.caption')}
            </Text>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('matrix.topic')}</Table.Th>
              {DELIVERY_CHANNELS.map((channel) => (
                <Table.Th key={channel} scope="col" ta="center" w={88}>
                  {t(`matrix.channels.${channel}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_TOPICS.map((topic) => (
              <Table.Tr key={topic}>
                <Table.Th scope="row" fw={500}>
                  {t(`matrix.topics.${topic}`)}
                </Table.Th>
                {DELIVERY_CHANNELS.map((channel) => (
                  <Table.Td key={channel}>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      disabled={!switches[channel]}
                      aria-label={t('matrix.cell', {
                        topic: t(`matrix.topics.${topic}`),
                        channel: t(`matrix.channels.${channel}`),
                      })}
                      {...form.getInputProps(`preferences.${topic}.${channel}`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        {t('matrix.inApp')}
      </Text>
    </ProfileSection>
  );
}
