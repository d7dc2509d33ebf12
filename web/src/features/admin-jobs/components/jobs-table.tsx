import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import {
  ADMIN_JOB_SORTS,
  JOB_STATUSES,
  JOB_TYPES,
  type AdminJobSort,
  type JobStatus,
  type JobType,
} from '@aylal/shared/job-rules';
import type { AdminJobListItem } from '@aylal/shared/schemas/jobs';
import { pickText } from '@aylal/shared/trip-rules';
import { AdminTable, ConfirmDialog, TableFooter } from '../../../components/admin-table-parts.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminJobs, useDeleteJob, useSetJobStatus } from '../api/admin-jobs.ts';
import { useLanguage } from '../../../lib/use-language.ts';

const PAGE_SIZE = 20;
export const STATUS_COLORS: Record<JobStatus, string> = { draft: 'gray', published: 'teal', closed: 'orange' };

/** The back office's jobs: search, filters, sorting, paging; publish, close, delete. */
export function JobsTable() {
  const { t } = useTranslation(['admin', 'jobs', 'common']);
  const language = useLanguage();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<JobStatus | ''>('');
  const [type, setType] = useState<JobType | ''>('');
  const [sort, setSort] = useState<AdminJobSort>('newest');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<AdminJobListItem | null>(null);
  const jobs = useAdminJobs({
    q: q || undefined,
    status: status || undefined,
    type: type || undefined,
    sort,
    page,
    pageSize: PAGE_SIZE,
  });
  const setJobStatus = useSetJobStatus();
  const deleteJob = useDeleteJob();
  const pages = Math.max(1, Math.ceil((jobs.data?.total ?? 0) / PAGE_SIZE));
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  async function changeStatus(job: AdminJobListItem, next: JobStatus) {
    const title = pickText(job.title, language);
    try {
      await setJobStatus.mutateAsync({ id: job.id, status: next });
      notifySuccess(t(`jobsAdmin.statusChanged.${next}`, { title }));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteJob.mutateAsync(deleting.id);
      notifySuccess(t('jobsAdmin.deleted', { title: pickText(deleting.title, language) }));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setDeleting(null);
    }
  }

  const any = { value: '', label: t('jobsAdmin.any') };
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('common:search')}
          placeholder={t('jobsAdmin.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={200}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label={t('jobsAdmin.status')}
          w={150}
          allowDeselect={false}
          value={status}
          onChange={(value) => reset(setStatus)((value ?? '') as JobStatus | '')}
          data={[any, ...JOB_STATUSES.map((value) => ({ value, label: t(`jobsAdmin.statuses.${value}`) }))]}
        />
        <Select
          label={t('jobs:search.type')}
          w={160}
          allowDeselect={false}
          value={type}
          onChange={(value) => reset(setType)((value ?? '') as JobType | '')}
          data={[any, ...JOB_TYPES.map((value) => ({ value, label: t(`jobs:types.${value}`) }))]}
        />
        <Select
          label={t('jobsAdmin.sort')}
          w={200}
          allowDeselect={false}
          value={sort}
          onChange={(value) => reset(setSort)((value ?? 'newest') as AdminJobSort)}
          data={ADMIN_JOB_SORTS.map((value) => ({ value, label: t(`jobsAdmin.sorts.${value}`) }))}
        />
      </Group>

      {jobs.isError && (
        <Alert color="red" role="alert">
          {errorMessage(jobs.error)}
        </Alert>
      )}

      <AdminTable
        minWidth={880}
        columns={[
          t('jobsAdmin.columns.title'),
          t('jobsAdmin.columns.company'),
          t('jobsAdmin.columns.type'),
          t('jobsAdmin.columns.deadline'),
          t('jobsAdmin.columns.applications'),
          t('jobsAdmin.columns.status'),
        ]}
        actionsLabel={t('settings.columns.actions')}
        busy={jobs.isFetching}
        empty={jobs.data?.items.length === 0 && t('jobsAdmin.empty')}
      >
        {jobs.data?.items.map((job) => {
          const title = pickText(job.title, language);
          const next: JobStatus = job.status === 'published' ? 'closed' : 'published';
          return (
            <Table.Tr key={job.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/jobs/${job.id}`} size="sm" fw={600}>
                  {title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {pickText(job.location, language)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{job.company}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`jobs:types.${job.type}`)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(`${job.deadline}T00:00:00Z`, language, { timeZone: 'UTC' })}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/admin/cv?jobId=${job.id}`} size="sm">
                  {job.applications}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge color={STATUS_COLORS[job.status]} variant="light" style={{ minWidth: 'max-content' }}>
                  {t(`jobsAdmin.statuses.${job.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    color={next === 'closed' ? 'orange' : 'teal'}
                    onClick={() => void changeStatus(job, next)}
                    aria-label={`${t(`jobsAdmin.actions.${next}`)}: ${title}`}
                  >
                    {t(`jobsAdmin.actions.${next}`)}
                  </Button>
                  {job.status !== 'draft' && (
                    <Tooltip label={t('jobsAdmin.view')}>
                      <ActionIcon
                        component={Link}
                        to={`/jobs/${job.id}`}
                        variant="subtle"
                        aria-label={`${t('jobsAdmin.view')}: ${title}`}
                      >
                        <IconExternalLink size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label={t('jobsAdmin.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(job)}
                      aria-label={`${t('jobsAdmin.delete')}: ${title}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </AdminTable>

      <TableFooter
        summary={t('jobsAdmin.count', { count: jobs.data?.total ?? 0 })}
        page={page}
        pages={pages}
        onPage={setPage}
      />

      <ConfirmDialog
        opened={deleting !== null}
        title={deleting ? t('jobsAdmin.confirmDeleteTitle', { title: pickText(deleting.title, language) }) : ''}
        body={t('jobsAdmin.confirmDeleteBody')}
        action={t('jobsAdmin.delete')}
        color="red"
        busy={deleteJob.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
