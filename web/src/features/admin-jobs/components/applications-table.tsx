import { useState } from 'react';
import { Anchor, Button, Drawer, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@aylal/shared/dates';
import { APPLICATION_STATES, type ApplicationState } from '@aylal/shared/job-rules';
import { pickText } from '@aylal/shared/trip-rules';
import { queryString } from '../../../lib/api-client.ts';
import { runAction } from '../../../lib/run-action.ts';
import { ListTextCell } from '../../../lib/lists/list-cells.tsx';
import { ListShell } from '../../../lib/lists/list-shell.tsx';
import { ListDateRange, ListSelects } from '../../../lib/lists/list-filters.tsx';
import { apiFilter, pageRequest, dateField, oneOfField, textField } from '../../../lib/lists/list-state.ts';
import { ListBulkChoice, ListSelectAll, ListSelectCell } from '../../../lib/lists/row-selection.tsx';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { useRowSelection } from '../../../lib/lists/use-row-selection.ts';
import { useAdminApplications, useSetApplicationsState, useSetApplicationState } from '../api/admin-jobs.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { ApplicationCv } from './application-cv.tsx';
import { JobFilter } from './job-filter.tsx';

/** `jobId` is also the link from the jobs list ("3 applications" opens /admin/cv?jobId=…). */
const FIELDS = {
  q: textField(),
  jobId: textField(100),
  state: oneOfField(APPLICATION_STATES, ''),
  from: dateField(),
  to: dateField(),
};

/**
 * /admin/cv: every application with the CV it carried. Filters by job and state, a search by name,
 * email or skill (all in the URL), state changes one at a time or for the ticked rows, and the
 * filtered list as CSV.
 */
export function ApplicationsTable() {
  const { t } = useTranslation(['admin', 'jobs', 'cv']);
  const language = useLanguage();
  const list = useListState(FIELDS);
  const { values } = list;
  const [bulkState, setBulkState] = useState<ApplicationState>('reviewing');
  const [open, setOpen] = useState<string | null>(null);
  const { page: _page, ...chosen } = values;
  const filter = apiFilter(chosen);
  const applications = useAdminApplications(pageRequest(values));
  const setOne = useSetApplicationState();
  const setMany = useSetApplicationsState();
  const selection = useRowSelection(applications.data?.items.map((item) => item.id) ?? [], values);
  const stateOptions = APPLICATION_STATES.map((value) => ({ value, label: t(`jobs:applicationStates.${value}`) }));

  async function changeOne(id: string, next: ApplicationState, name: string) {
    await runAction(
      () => setOne.mutateAsync({ id, state: next }),
      t('applicationsAdmin.stateChanged', { name, state: t(`jobs:applicationStates.${next}`) }),
    );
  }

  async function changeSelected() {
    const done = await runAction(
      () => setMany.mutateAsync({ ids: [...selection.ids], state: bulkState }),
      ({ updated }) =>
        t('applicationsAdmin.bulkChanged', { count: updated, state: t(`jobs:applicationStates.${bulkState}`) }),
    );
    if (done) selection.clear();
  }

  const csvUrl = `/api/admin/applications.csv?${queryString({ ...filter, lang: language })}`;

  return (
    <>
      <ListShell
        query={applications}
        list={list}
        search={t('applicationsAdmin.searchPlaceholder')}
        filters={
          <>
            <JobFilter value={values.jobId} onChange={(jobId) => list.set({ jobId })} />
            <ListSelects
              list={list}
              selects={{
                state: {
                  label: t('applicationsAdmin.state'),
                  w: 170,
                  any: t('jobsAdmin.any'),
                  optionLabel: (value) => t(`jobs:applicationStates.${value}`),
                },
              }}
            />
            <ListDateRange
              list={list}
              labels={{ from: t('applicationsAdmin.sentFrom'), to: t('applicationsAdmin.sentTo') }}
              w={170}
            />
          </>
        }
        csv={{ href: csvUrl, label: t('applicationsAdmin.exportCsv') }}
        toolbar={
          <ListBulkChoice
            selection={selection}
            count={t('applicationsAdmin.selected', { count: selection.count })}
            clear={t('applicationsAdmin.clearSelection')}
            label={t('applicationsAdmin.moveTo')}
            w={180}
            value={bulkState}
            onChange={setBulkState}
            data={stateOptions}
            apply={t('applicationsAdmin.apply')}
            busy={setMany.isPending}
            onApply={() => void changeSelected()}
          />
        }
        minWidth={880}
        columns={[
          <ListSelectAll key="all" selection={selection} label={t('applicationsAdmin.selectAll')} />,
          t('applicationsAdmin.columns.applicant'),
          t('applicationsAdmin.columns.job'),
          t('applicationsAdmin.columns.skills'),
          t('applicationsAdmin.columns.applied'),
          { label: t('applicationsAdmin.columns.state'), fit: true },
        ]}
        empty={t('applicationsAdmin.empty')}
        count={(count) => t('applicationsAdmin.count', { count })}
        row={(item) => (
          <Table.Tr key={item.id}>
            <ListSelectCell
              selection={selection}
              id={item.id}
              label={t('applicationsAdmin.select', { name: item.applicant.name })}
            />
            <Table.Td>
              <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={() => setOpen(item.id)}>
                {item.applicant.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {item.applicant.title || item.applicant.email}
              </Text>
            </Table.Td>
            <ListTextCell note={item.company}>{pickText(item.jobTitle, language)}</ListTextCell>
            <Table.Td>
              <Text size="sm" lineClamp={2}>
                {item.skills.join(', ')}
              </Text>
            </Table.Td>
            <Table.Td maw={140}>
              <Text size="sm">{formatDate(item.createdAt, language)}</Text>
            </Table.Td>
            <Table.Td>
              <Select
                aria-label={t('applicationsAdmin.stateOf', { name: item.applicant.name })}
                size="xs"
                w={150}
                allowDeselect={false}
                value={item.state}
                onChange={(value) => value && void changeOne(item.id, value as ApplicationState, item.applicant.name)}
                data={stateOptions}
                comboboxProps={{ width: 'max-content' }}
              />
            </Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" onClick={() => setOpen(item.id)}>
                {t('applicationsAdmin.viewCv')}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />

      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={t('applicationsAdmin.cvTitle')}
      >
        {open && <ApplicationCv id={open} language={language} onState={changeOne} />}
      </Drawer>
    </>
  );
}
