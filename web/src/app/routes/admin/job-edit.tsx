import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { HistoryCard } from '../../../components/history-card.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAdminJob } from '../../../features/admin-jobs/api/admin-jobs.ts';
import { JobForm } from '../../../features/admin-jobs/forms/job-form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

/** /admin/jobs/new and /admin/jobs/:id: the job form; a new job opens for editing once saved. */
export function Component() {
  const { id } = useParams();
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const job = useAdminJob(id);
  return (
    <Stack gap="lg">
      <Group>
        <Anchor component={Link} to="/admin/jobs" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('jobsAdmin.back')}
          </Group>
        </Anchor>
      </Group>
      <Title order={1}>{t(id ? 'jobsAdmin.editTitle' : 'jobsAdmin.newJob')}</Title>
      <Paper withBorder radius="md" p="lg">
        {id && job.isPending ? (
          <PageLoader />
        ) : id && job.isError ? (
          <p role="alert">{errorMessage(job.error)}</p>
        ) : (
          <JobForm
            key={job.data?.id ?? 'new'}
            job={job.data}
            onSaved={(saved) => {
              if (!id) navigate(`/admin/jobs/${saved.id}`, { replace: true });
            }}
          />
        )}
      </Paper>
      {id && <HistoryCard entity="job" id={id} />}
    </Stack>
  );
}
