import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApplicationsTable } from '../../../features/admin-jobs/components/applications-table.tsx';

/** /admin/cv: applications and the CVs they carried. */
export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('nav.cv')}</Title>
        <Text c="dimmed">{t('applicationsAdmin.intro')}</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <ApplicationsTable />
      </Paper>
    </Stack>
  );
}
