import type { ReactNode } from 'react';
import { Alert, Badge, Button, Divider, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminApplicationDetail } from '@aylal/shared/schemas/applications';
import { formatDate, formatMonth } from '@aylal/shared/dates';
import { type Language } from '@aylal/shared/i18n';
import { APPLICATION_STATES, type ApplicationState } from '@aylal/shared/job-rules';
import { pickText } from '@aylal/shared/trip-rules';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Resources } from '@aylal/locales/resources';
import { HistoryCard } from '../../../components/history-card.tsx';
import { useAdminApplication } from '../api/admin-jobs.ts';

type LevelKey =
  | `cv:skillLevels.${keyof Resources['cv']['skillLevels']}`
  | `cv:languageLevels.${keyof Resources['cv']['languageLevels']}`;

export const STATE_COLORS: Record<ApplicationState, string> = {
  submitted: 'gray',
  reviewing: 'blue',
  shortlisted: 'yellow',
  rejected: 'red',
  hired: 'teal',
};

/** One application: its state and the CV exactly as it was sent, with its PDF. */
export function ApplicationCv(props: {
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
        <CvSection title={t('cv:sections.summary')}>
          <Text size="sm" className="pre-line">
            {cv.summary}
          </Text>
        </CvSection>
      )}
      {cv.experience.length > 0 && (
        <CvSection title={t('cv:sections.experience')}>
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
                  <Text size="sm" className="pre-line">
                    {entry.description}
                  </Text>
                )}
              </div>
            ))}
          </Stack>
        </CvSection>
      )}
      {cv.education.length > 0 && (
        <CvSection title={t('cv:sections.education')}>
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
        </CvSection>
      )}
      {cv.skills.length > 0 && (
        <CvSection title={t('cv:sections.skills')}>
          <Text size="sm">{levels(cv.skills, 'skillLevels')}</Text>
        </CvSection>
      )}
      {cv.languages.length > 0 && (
        <CvSection title={t('cv:sections.languages')}>
          <Text size="sm">{levels(cv.languages, 'languageLevels')}</Text>
        </CvSection>
      )}
      <Divider label={t('admin:history.title')} labelPosition="left" />
      <HistoryCard entity="application" id={data.id} bare />
    </Stack>
  );
}

/** One part of the CV (summary, experience…): its heading over its content. */
function CvSection(props: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={3} size="h5" mb={4}>
        {props.title}
      </Title>
      {props.children}
    </section>
  );
}
