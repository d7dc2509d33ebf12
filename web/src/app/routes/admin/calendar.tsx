import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConsultationCalendar } from '../../../features/admin-consultations/components/consultation-calendar.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('nav.calendar')}</Title>
        <Text c="dimmed">{t('calendar.intro')}</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <ConsultationCalendar />
      </Paper>
    </Stack>
  );
}
