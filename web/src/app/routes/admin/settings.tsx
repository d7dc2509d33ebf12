import type { ReactNode } from 'react';
import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { HistoryCard } from '../../../components/history-card.tsx';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { UsersTable } from '../../../features/admin-users/components/users-table.tsx';
import { WorkingHoursForm } from '../../../features/admin-consultations/forms/working-hours-form.tsx';
import { VisaSettingsForm } from '../../../features/admin-visa/forms/visa-settings-form.tsx';
import { RetentionForm } from '../../../features/admin-visa/forms/retention-form.tsx';
import { DeliveriesCard } from '../../../features/admin-deliveries/components/deliveries-card.tsx';

/** One card of Settings: its heading and what it is for, the form, and (for a setting) its history. */
function SettingsSection(props: {
  title: string;
  intro: string;
  history?: string;
  /** Its anchor, for a link straight to it (a staff notification's). */
  id?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      id={props.id}
      // Scrolled to by its anchor: its heading clear of the sticky header.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 16px)' }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {props.title}
          </Title>
          <Text c="dimmed" size="sm">
            {props.intro}
          </Text>
        </Stack>
        {props.children}
        {props.history && (
          <>
            <Divider label={t('history.title')} labelPosition="left" />
            <HistoryCard entity="settings" id={props.history} bare />
          </>
        )}
      </Stack>
    </Paper>
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  const session = useSession();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('settings.title')}</Title>
      <SettingsSection title={t('settings.hours.title')} intro={t('settings.hours.intro')} history="consultation-hours">
        <WorkingHoursForm />
      </SettingsSection>
      <SettingsSection title={t('settings.visa.title')} intro={t('settings.visa.intro')} history="visa">
        <VisaSettingsForm />
      </SettingsSection>
      <SettingsSection title={t('settings.retention.title')} intro={t('settings.retention.intro')} history="retention">
        <RetentionForm />
      </SettingsSection>
      <SettingsSection id="deliveries" title={t('settings.deliveries.title')} intro={t('settings.deliveries.intro')}>
        <DeliveriesCard />
      </SettingsSection>
      <SettingsSection title={t('settings.usersTitle')} intro={t('settings.usersIntro')}>
        {session.user && <UsersTable currentUserId={session.user.id} />}
      </SettingsSection>
    </Stack>
  );
}
