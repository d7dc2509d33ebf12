import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TripsTable } from '../../../features/admin-trips/components/trips-table.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('nav.trips')}</Title>
          <Text c="dimmed">{t('trips.intro')}</Text>
        </Stack>
        <Button component={Link} to="/admin/trips/new" leftSection={<IconPlus size={16} />}>
          {t('tripForm.newTrip')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <TripsTable />
      </Paper>
    </Stack>
  );
}
