import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';
import { JobsTable } from '../../../features/admin-jobs/components/jobs-table.tsx';

/** /admin/jobs: every job, and a new one. */
export function Component() {
  const { t } = useTranslation('admin');
  return (
    <PageShell
      title={t('nav.jobs')}
      intro={t('jobsAdmin.intro')}
      action={
        <Button component={Link} to="/admin/jobs/new" leftSection={<IconPlus size={16} />}>
          {t('jobsAdmin.newJob')}
        </Button>
      }
    >
      <JobsTable />
    </PageShell>
  );
}
