import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConsultationsTable } from '../../../features/admin-consultations/components/consultations-table.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('nav.consultations')}</Title>
        <Text c="dimmed">{t('consultations.intro')}</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <ConsultationsTable />
      </Paper>
    </Stack>
  );
}
