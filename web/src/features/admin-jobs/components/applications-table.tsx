import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconFileTypePdf, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminApplicationDetail } from '@aylal/shared/schemas/applications';
import type { Bilingual } from '@aylal/shared/schemas/trips';
import { formatDate, formatMonth } from '@aylal/shared/dates';
import { type Language } from '@aylal/shared/i18n';
import { APPLICATION_STATES, type ApplicationState } from '@aylal/shared/job-rules';
import { pickText } from '@aylal/shared/trip-rules';
import { AdminTable, TableFooter } from '../../../components/admin-table-parts.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { errorMessage, queryString } from '../../../lib/api-client.ts';
import {
  useAdminApplication,
  useAdminApplications,
  useAdminJob,
  useAdminJobs,
  useSetApplicationsState,
  useSetApplicationState,
} from '../api/admin-jobs.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import type { Resources } from '@aylal/locales/resources';

type LevelKey =
  | `cv:skillLevels.${keyof Resources['cv']['skillLevels']}`
  | `cv:languageLevels.${keyof Resources['cv']['languageLevels']}`;

const PAGE_SIZE = 20;
export const STATE_COLORS: Record<ApplicationState, string> = {
  submitted: 'gray',
  reviewing: 'blue',
  shortlisted: 'yellow',
  rejected: 'red',
  hired: 'teal',
};

/**
 * /admin/cv: every application with the CV it carried. Filters by job and state, a search by name,
 * email or skill, state changes one at a time or for the ticked rows, and the filtered list as CSV.
 */
export function ApplicationsTable() {
  const { t } = useTranslation(['admin', 'jobs', 'cv', 'common']);
  const language = useLanguage();
  const [params] = useSearchParams();
  const [jobId, setJobId] = useState(params.get('jobId') ?? '');
  const [state, setState] = useState<ApplicationState | ''>('');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkState, setBulkState] = useState<ApplicationState>('reviewing');
  const [open, setOpen] = useState<string | null>(null);
  const filter = { jobId: jobId || undefined, state: state || undefined, q: q || undefined };
  const applications = useAdminApplications({ ...filter, page, pageSize: PAGE_SIZE });
  // The job filter searches every job on the server as staff type (newest first when empty).
  const [jobSearch, setJobSearch] = useState('');
  const [jobQ] = useDebouncedValue(jobSearch.trim(), 250);
  const chosenJob = useAdminJob(jobId || undefined);
  const jobLabel = (job: { title: Bilingual; company: string }) => `${pickText(job.title, language)} · ${job.company}`;
  const chosenLabel = chosenJob.data ? jobLabel(chosenJob.data) : '';
  const jobs = useAdminJobs({
    q: jobQ && jobQ !== chosenLabel ? jobQ : undefined,
    sort: 'newest',
    page: 1,
    pageSize: 30,
  });
  const setOne = useSetApplicationState();
  const setMany = useSetApplicationsState();
  const items = applications.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((applications.data?.total ?? 0) / PAGE_SIZE));
  const stateOptions = APPLICATION_STATES.map((value) => ({ value, label: t(`jobs:applicationStates.${value}`) }));
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
      setSelected(new Set());
    };

  async function changeOne(id: string, next: ApplicationState, name: string) {
    try {
      await setOne.mutateAsync({ id, state: next });
      notifySuccess(t('applicationsAdmin.stateChanged', { name, state: t(`jobs:applicationStates.${next}`) }));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function changeSelected() {
    try {
      const { updated } = await setMany.mutateAsync({ ids: [...selected], state: bulkState });
      notifySuccess(
        t('applicationsAdmin.bulkChanged', { count: updated, state: t(`jobs:applicationStates.${bulkState}`) }),
      );
      setSelected(new Set());
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  const allTicked = items.length > 0 && items.every((item) => selected.has(item.id));
  const toggleAll = () => setSelected(allTicked ? new Set() : new Set([...selected, ...items.map((item) => item.id)]));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const csvUrl = `/api/admin/applications.csv?${queryString({ ...filter, lang: language })}`;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('common:search')}
          placeholder={t('applicationsAdmin.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => refilter(setSearch)(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label={t('applicationsAdmin.job')}
          w={260}
          searchable
          searchValue={jobSearch}
          onSearchChange={setJobSearch}
          // The server has matched already (in either language); the list is not narrowed again here.
          filter={({ options }) => options}
          nothingFoundMessage={t('applicationsAdmin.noJobFound')}
          allowDeselect={false}
          value={jobId}
          onChange={(value) => refilter(setJobId)(value ?? '')}
          data={[
            { value: '', label: t('applicationsAdmin.allJobs') },
            // The chosen job first, wherever it is in the list (or not in it).
            ...(jobId ? [{ value: jobId, label: chosenLabel || t('applicationsAdmin.thisJob') }] : []),
            ...(jobs.data?.items ?? [])
              .filter((job) => job.id !== jobId)
              .map((job) => ({ value: job.id, label: jobLabel(job) })),
          ]}
        />
        <Select
          label={t('applicationsAdmin.state')}
          w={170}
          allowDeselect={false}
          value={state}
          onChange={(value) => refilter(setState)((value ?? '') as ApplicationState | '')}
          data={[{ value: '', label: t('jobsAdmin.any') }, ...stateOptions]}
        />
        <Button component="a" href={csvUrl} download variant="default" leftSection={<IconDownload size={16} />}>
          {t('applicationsAdmin.exportCsv')}
        </Button>
      </Group>

      {selected.size > 0 && (
        <Paper withBorder radius="md" p="sm" bg="blue.0">
          <Group gap="sm">
            <Text size="sm" fw={600}>
              {t('applicationsAdmin.selected', { count: selected.size })}
            </Text>
            <Select
              aria-label={t('applicationsAdmin.moveTo')}
              w={180}
              allowDeselect={false}
              value={bulkState}
              onChange={(value) => value && setBulkState(value as ApplicationState)}
              data={stateOptions}
            />
            <Button size="sm" onClick={() => void changeSelected()} loading={setMany.isPending}>
              {t('applicationsAdmin.apply')}
            </Button>
            <Button size="sm" variant="subtle" onClick={() => setSelected(new Set())}>
              {t('applicationsAdmin.clearSelection')}
            </Button>
          </Group>
        </Paper>
      )}

      {applications.isError && (
        <Alert color="red" role="alert">
          {errorMessage(applications.error)}
        </Alert>
      )}

      <AdminTable
        minWidth={880}
        columns={[
          <Checkbox
            key="all"
            aria-label={t('applicationsAdmin.selectAll')}
            checked={allTicked}
            indeterminate={!allTicked && items.some((item) => selected.has(item.id))}
            onChange={toggleAll}
          />,
          t('applicationsAdmin.columns.applicant'),
          t('applicationsAdmin.columns.job'),
          t('applicationsAdmin.columns.skills'),
          t('applicationsAdmin.columns.applied'),
          t('applicationsAdmin.columns.state'),
        ]}
        actionsLabel={t('settings.columns.actions')}
        busy={applications.isFetching}
        empty={applications.data?.items.length === 0 && t('applicationsAdmin.empty')}
      >
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <Checkbox
                aria-label={t('applicationsAdmin.select', { name: item.applicant.name })}
                checked={selected.has(item.id)}
                onChange={() => toggle(item.id)}
              />
            </Table.Td>
            <Table.Td>
              <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={() => setOpen(item.id)}>
                {item.applicant.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {item.applicant.title || item.applicant.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{pickText(item.jobTitle, language)}</Text>
              <Text size="xs" c="dimmed">
                {item.company}
              </Text>
            </Table.Td>
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
                w={140}
                allowDeselect={false}
                value={item.state}
                onChange={(value) => value && void changeOne(item.id, value as ApplicationState, item.applicant.name)}
                data={stateOptions}
              />
            </Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" onClick={() => setOpen(item.id)}>
                {t('applicationsAdmin.viewCv')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>

      <TableFooter
        summary={t('applicationsAdmin.count', { count: applications.data?.total ?? 0 })}
        page={page}
        pages={pages}
        onPage={(next) => {
          setPage(next);
          setSelected(new Set());
        }}
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
    </Stack>
  );
}

/** One application: its state and the CV exactly as it was sent, with its PDF. */
function ApplicationCv(props: {
  id: string;
  language: Language;
  onState: (id: string, state: ApplicationState, name: string) => Promise<void>;
}) {
  const { t } = useTranslation(['admin', 'jobs', 'cv']);
  const application = useAdminApplication(props.id);
  if (application.isPending) return <PageLoader />;
  if (application.isError) return <Alert color="red">{errorMessage(application.error)}</Alert>;
  const data: AdminApplicationDetail = application.data;
  const { cv } = data;
  const period = (start: string, end: string, current = false) =>
    [start && formatMonth(start, props.language), current ? t('cv:present') : end && formatMonth(end, props.language)]
      .filter(Boolean)
      .join(' – ');
  const levels = (items: { name: string; level: string }[], kind: 'skillLevels' | 'languageLevels') =>
    // A stored level: one of cv-rules' levels of that kind, each with a text in cv:<kind>.
    items.map((item) => `${item.name} (${t(`cv:${kind}.${item.level}` as LevelKey)})`).join(', ');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            {cv.fullName}
          </Title>
          {cv.title && <Text c="dimmed">{cv.title}</Text>}
          <Text size="sm">{[cv.email, cv.phone, cv.address].filter(Boolean).join(' · ')}</Text>
        </div>
        <Badge color={STATE_COLORS[data.state]} variant="light">
          {t(`jobs:applicationStates.${data.state}`)}
        </Badge>
      </Group>
      <Text size="sm">
        {t('applicationsAdmin.appliedFor', {
          job: pickText(data.jobTitle, props.language),
          company: data.company,
          date: formatDate(data.createdAt, props.language),
        })}
      </Text>
      <Group gap="sm">
        <Select
          aria-label={t('applicationsAdmin.stateOf', { name: cv.fullName })}
          w={180}
          allowDeselect={false}
          value={data.state}
          onChange={(value) => value && void props.onState(data.id, value as ApplicationState, cv.fullName)}
          data={APPLICATION_STATES.map((value) => ({ value, label: t(`jobs:applicationStates.${value}`) }))}
        />
        <Button
          component="a"
          href={`/api/admin/applications/${data.id}/cv.pdf?lang=${props.language}`}
          download
          variant="default"
          leftSection={<IconFileTypePdf size={16} />}
        >
          {t('cv:download')}
        </Button>
      </Group>
      <Divider />
      {cv.summary && (
        <section>
          <Title order={3} size="h5" mb={4}>
            {t('cv:sections.summary')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {cv.summary}
          </Text>
        </section>
      )}
      {cv.experience.length > 0 && (
        <section>
          <Title order={3} size="h5" mb={4}>
            {t('cv:sections.experience')}
          </Title>
          <Stack gap="sm">
            {cv.experience.map((entry, index) => (
              <div key={index}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={700}>
                    {entry.position} · {entry.company}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {period(entry.start, entry.end, entry.current)}
                  </Text>
                </Group>
                {entry.description && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {entry.description}
                  </Text>
                )}
              </div>
            ))}
          </Stack>
        </section>
      )}
      {cv.education.length > 0 && (
        <section>
          <Title order={3} size="h5" mb={4}>
            {t('cv:sections.education')}
          </Title>
          <Stack gap="xs">
            {cv.education.map((entry, index) => (
              <Group key={index} justify="space-between" gap="xs">
                <Text size="sm">
                  <b>{entry.institution}</b>
                  {[entry.degree, entry.field].filter(Boolean).length > 0 &&
                    ` · ${[entry.degree, entry.field].filter(Boolean).join(', ')}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {period(entry.start, entry.end)}
                </Text>
              </Group>
            ))}
          </Stack>
        </section>
      )}
      {cv.skills.length > 0 && (
        <section>
          <Title order={3} size="h5" mb={4}>
            {t('cv:sections.skills')}
          </Title>
          <Text size="sm">{levels(cv.skills, 'skillLevels')}</Text>
        </section>
      )}
      {cv.languages.length > 0 && (
        <section>
          <Title order={3} size="h5" mb={4}>
            {t('cv:sections.languages')}
          </Title>
          <Text size="sm">{levels(cv.languages, 'languageLevels')}</Text>
        </section>
      )}
    </Stack>
  );
}
