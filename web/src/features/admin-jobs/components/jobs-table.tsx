import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import { ADMIN_JOB_SORTS, JOB_STATUSES, JOB_TYPES, type JobStatus } from '@aylal/shared/job-rules';
import type { AdminJobListItem } from '@aylal/shared/schemas/jobs';
import { pickText } from '@aylal/shared/trip-rules';
import { CatalogueRowActions, useConfirmedDelete } from '../../../lib/lists/catalogue-rows.tsx';
import { runAction } from '../../../lib/run-action.ts';
import { ListTextCell, ListTitleCell } from '../../../lib/lists/list-cells.tsx';
import { ListBadge, ListShell } from '../../../lib/lists/list-shell.tsx';
import { ListToggle } from '../../../lib/lists/list-filters.tsx';
import { pageRequest, oneOfField, textField } from '../../../lib/lists/list-state.ts';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { useAdminJobs, useDeleteJob, useSetJobStatus } from '../api/admin-jobs.ts';
import { useLanguage } from '../../../lib/use-language.ts';

const FIELDS = {
  q: textField(),
  status: oneOfField(JOB_STATUSES, ''),
  open: oneOfField(['1'], ''),
  type: oneOfField(JOB_TYPES, ''),
  sort: oneOfField(ADMIN_JOB_SORTS, 'newest'),
};
export const STATUS_COLORS: Record<JobStatus, string> = { draft: 'gray', published: 'teal', closed: 'orange' };

/** The back office's jobs: search, filters, sorting, paging (all in the URL); publish, close, delete. */
export function JobsTable() {
  const { t } = useTranslation(['admin', 'jobs', 'common']);
  const language = useLanguage();
  const list = useListState(FIELDS);
  const { values, set } = list;
  const jobs = useAdminJobs(pageRequest(values));
  const setJobStatus = useSetJobStatus();
  const remover = useConfirmedDelete<AdminJobListItem>({
    remove: useDeleteJob(),
    title: (job) => t('jobsAdmin.confirmDeleteTitle', { title: pickText(job.title, language) }),
    body: t('jobsAdmin.confirmDeleteBody'),
    action: t('jobsAdmin.delete'),
    done: (job) => t('jobsAdmin.deleted', { title: pickText(job.title, language) }),
  });

  async function changeStatus(job: AdminJobListItem, next: JobStatus) {
    const title = pickText(job.title, language);
    await runAction(
      () => setJobStatus.mutateAsync({ id: job.id, status: next }),
      t(`jobsAdmin.statusChanged.${next}`, { title }),
    );
  }

  return (
    <>
      <ListShell
        query={jobs}
        list={list}
        search={t('jobsAdmin.searchPlaceholder')}
        any={t('jobsAdmin.any')}
        selects={{
          status: { label: t('jobsAdmin.status'), w: 150, optionLabel: (value) => t(`jobsAdmin.statuses.${value}`) },
          type: { label: t('jobs:search.type'), w: 160, optionLabel: (value) => t(`jobs:types.${value}`) },
        }}
        filters={<ListToggle label={t('jobsAdmin.openOnly')} value={values.open} onChange={(open) => set({ open })} />}
        sort={{ label: t('jobsAdmin.sort'), w: 200, optionLabel: (value) => t(`jobsAdmin.sorts.${value}`) }}
        minWidth={880}
        columns={[
          t('jobsAdmin.columns.title'),
          t('jobsAdmin.columns.company'),
          t('jobsAdmin.columns.type'),
          t('jobsAdmin.columns.deadline'),
          t('jobsAdmin.columns.applications'),
          { label: t('jobsAdmin.columns.status'), fit: true },
        ]}
        empty={t('jobsAdmin.empty')}
        count={(count) => t('jobsAdmin.count', { count })}
        row={(job) => {
          const title = pickText(job.title, language);
          const next: JobStatus = job.status === 'published' ? 'closed' : 'published';
          return (
            <Table.Tr key={job.id}>
              <ListTitleCell to={`/admin/jobs/${job.id}`} title={title} note={pickText(job.location, language)} />
              <ListTextCell>{job.company}</ListTextCell>
              <ListTextCell>{t(`jobs:types.${job.type}`)}</ListTextCell>
              <Table.Td className="nowrap">
                <Text size="sm">{formatDate(`${job.deadline}T00:00:00Z`, language, { timeZone: 'UTC' })}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/admin/cv?jobId=${job.id}`} size="sm">
                  {job.applications}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <ListBadge color={STATUS_COLORS[job.status]}>{t(`jobsAdmin.statuses.${job.status}`)}</ListBadge>
              </Table.Td>
              <CatalogueRowActions
                name={title}
                next={{
                  label: t(`jobsAdmin.actions.${next}`),
                  color: next === 'closed' ? 'orange' : 'teal',
                  onClick: () => void changeStatus(job, next),
                }}
                view={job.status !== 'draft' ? { label: t('jobsAdmin.view'), to: `/jobs/${job.id}` } : undefined}
                remove={{ label: t('jobsAdmin.delete'), onClick: () => remover.ask(job) }}
              />
            </Table.Tr>
          );
        }}
      />

      {remover.dialog}
    </>
  );
}
