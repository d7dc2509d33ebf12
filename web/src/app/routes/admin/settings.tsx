import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { HistoryCard } from '../../../components/history-card.tsx';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { UsersTable } from '../../../features/admin-users/components/users-table.tsx';
import { WorkingHoursForm } from '../../../features/admin-consultations/forms/working-hours-form.tsx';
import { VisaSettingsForm } from '../../../features/admin-visa/forms/visa-settings-form.tsx';
import { RetentionForm } from '../../../features/admin-visa/forms/retention-form.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const session = useSession();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('settings.title')}</Title>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {t('settings.hours.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('settings.hours.intro')}
            </Text>
          </Stack>
          <WorkingHoursForm />
          <Divider label={t('history.title')} labelPosition="left" />
          <HistoryCard entity="settings" id="consultation-hours" bare />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {t('settings.visa.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('settings.visa.intro')}
            </Text>
          </Stack>
          <VisaSettingsForm />
          <Divider label={t('history.title')} labelPosition="left" />
          <HistoryCard entity="settings" id="visa" bare />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {t('settings.retention.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('settings.retention.intro')}
            </Text>
          </Stack>
          <RetentionForm />
          <Divider label={t('history.title')} labelPosition="left" />
          <HistoryCard entity="settings" id="retention" bare />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {t('settings.usersTitle')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('settings.usersIntro')}
            </Text>
          </Stack>
          {session.user && <UsersTable currentUserId={session.user.id} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
