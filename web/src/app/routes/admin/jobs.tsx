import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JobsTable } from '../../../features/admin-jobs/components/jobs-table.tsx';

/** /admin/jobs: every job, and a new one. */
export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('nav.jobs')}</Title>
          <Text c="dimmed">{t('jobsAdmin.intro')}</Text>
        </Stack>
        <Button component={Link} to="/admin/jobs/new" leftSection={<IconPlus size={16} />}>
          {t('jobsAdmin.newJob')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <JobsTable />
      </Paper>
    </Stack>
  );
}
