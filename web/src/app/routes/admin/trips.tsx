import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TripsTable } from '../../../features/admin-trips/components/trips-table.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('nav.trips')}</Title>
        <Text c="dimmed">{t('trips.intro')}</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <TripsTable />
      </Paper>
    </Stack>
  );
}
