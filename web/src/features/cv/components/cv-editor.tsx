import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker } from 'react-router';
import type { Cv, CvEducation, CvExperience } from '@aylal/shared/cv';
import { LANGUAGE_LEVELS, SKILL_LEVELS } from '@aylal/shared/job-rules';
import { notifySuccess } from '../../../components/notify.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { moveItem } from '../../../lib/move-item.ts';
import { useSaveCv } from '../api/cv.ts';
import { MonthField } from './month-field.tsx';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMPTY_EXPERIENCE: CvExperience = {
  company: '',
  position: '',
  start: '',
  end: '',
  current: false,
  description: '',
};
export const EMPTY_EDUCATION: CvEducation = { institution: '', degree: '', field: '', start: '', end: '' };

/**
 * The mistakes worth a word before sending (the server checks the same and more): a key per field
 * path ("experience.0.company"), its value the `cv:errors` key of the message.
 */
export function checkCv(cv: Cv): Record<string, string> {
  const found: Record<string, string> = {};
  const month = (path: string, value: string, required: boolean) => {
    if (value === '' ? required : !MONTH.test(value)) found[path] = value === '' ? 'start' : 'month';
  };
  if (!cv.fullName.trim()) found.fullName = 'fullName';
  if (!EMAIL.test(cv.email.trim())) found.email = 'email';
  cv.experience.forEach((entry, index) => {
    const at = `experience.${index}`;
    if (!entry.company.trim()) found[`${at}.company`] = 'company';
    if (!entry.position.trim()) found[`${at}.position`] = 'position';
    month(`${at}.start`, entry.start, true);
    if (!entry.current) month(`${at}.end`, entry.end, false);
    if (!entry.current && MONTH.test(entry.start) && MONTH.test(entry.end) && entry.end < entry.start) {
      found[`${at}.end`] = 'endBeforeStart';
    }
  });
  cv.education.forEach((entry, index) => {
    const at = `education.${index}`;
    if (!entry.institution.trim()) found[`${at}.institution`] = 'institution';
    month(`${at}.start`, entry.start, false);
    month(`${at}.end`, entry.end, false);
    if (MONTH.test(entry.start) && MONTH.test(entry.end) && entry.end < entry.start) {
      found[`${at}.end`] = 'endBeforeStart';
    }
  });
  cv.skills.forEach((entry, index) => {
    if (!entry.name.trim()) found[`skills.${index}.name`] = 'skill';
  });
  cv.languages.forEach((entry, index) => {
    if (!entry.name.trim()) found[`languages.${index}.name`] = 'language';
  });
  return found;
}

/** A section of the form: a heading, its entries, and the button that adds one. */
function Section(props: { title: string; children: ReactNode; addLabel?: string; onAdd?: () => void; empty?: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section">
      <Stack gap="md">
        <Title order={2} size="h3">
          {props.title}
        </Title>
        {props.children}
        {props.empty && (
          <Text c="dimmed" size="sm">
            {props.empty}
          </Text>
        )}
        {props.onAdd && (
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={props.onAdd}>
              {props.addLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Move up, move down and remove, for one entry of a list. */
function EntryTools(props: {
  label: string;
  index: number;
  count: number;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('cv');
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`${t('actions.moveUp')}: ${props.label}`}
        disabled={props.index === 0}
        onClick={() => props.onMove(-1)}
      >
        <IconArrowUp size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`${t('actions.moveDown')}: ${props.label}`}
        disabled={props.index === props.count - 1}
        onClick={() => props.onMove(1)}
      >
        <IconArrowDown size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`${t('actions.remove')}: ${props.label}`}
        onClick={props.onRemove}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The CV editor (spec section 3): personal details, work experience, education, skills and
 * languages, each list with add, remove and reorder. A failed save keeps everything typed, and
 * leaving with unsaved changes asks first.
 */
export function CvEditor(props: { initial: Cv; saved: boolean; next: string | null }) {
  const { t, i18n } = useTranslation('cv');
  const [cv, setCv] = useState<Cv>(props.initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(props.initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(props.saved);
  const save = useSaveCv();
  const dirty = JSON.stringify(cv) !== baseline;

  // Unsaved work is not lost by a closed tab or a click elsewhere in the app.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const set = (patch: Partial<Cv>) => setCv((current) => ({ ...current, ...patch }));
  const error = (path: string) => (errors[path] ? t(`errors.${errors[path]}`) : undefined);
  const updateAt = <K extends 'experience' | 'education' | 'skills' | 'languages'>(
    key: K,
    index: number,
    patch: Partial<Cv[K][number]>,
  ) => set({ [key]: cv[key].map((entry, at) => (at === index ? { ...entry, ...patch } : entry)) } as Partial<Cv>);
  const removeAt = (key: 'experience' | 'education' | 'skills' | 'languages', index: number) =>
    set({ [key]: cv[key].filter((_, at) => at !== index) } as Partial<Cv>);
  const moveAt = (key: 'experience' | 'education' | 'skills' | 'languages', index: number, delta: number) =>
    set({ [key]: moveItem(cv[key] as unknown[], index, delta) } as Partial<Cv>);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const found = checkCv(cv);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setProblem(t('errors.summary'));
      // The first field to mend, in view.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      const result = await save.mutateAsync(cv);
      setBaseline(JSON.stringify(cv));
      setSaved(true);
      setCv(result.cv);
      setBaseline(JSON.stringify(result.cv));
      notifySuccess(t('saved'));
    } catch (failure) {
      // Everything typed stays in the form.
      if (
        failure instanceof ApiRequestError &&
        failure.code === 'VALIDATION_FAILED' &&
        Array.isArray(failure.details)
      ) {
        const fromServer: Record<string, string> = {};
        for (const detail of failure.details as { path: string }[]) {
          fromServer[detail.path.replace(/^body\./, '')] = 'check';
        }
        setErrors(fromServer);
        setProblem(t('errors.summary'));
      } else {
        setProblem(
          `${t('saveFailed')} ${failure instanceof ApiRequestError && failure.code !== 'NETWORK' ? errorMessage(failure) : ''}`.trim(),
        );
      }
    }
  }

  const skillLevels = SKILL_LEVELS.map((level) => ({ value: level, label: t(`skillLevels.${level}`) }));
  const languageLevels = LANGUAGE_LEVELS.map((level) => ({ value: level, label: t(`languageLevels.${level}`) }));
  const pdfUrl = `/api/cv/pdf?lang=${i18n.language === 'mn' ? 'mn' : 'en'}`;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {!saved && (
          <Alert color="blue" title={t('messages.notFound')}>
            {t('notFoundHint')}
          </Alert>
        )}
        <Section title={t('sections.personal')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.fullName')}
              required
              autoComplete="name"
              maxLength={120}
              value={cv.fullName}
              onChange={(event) => set({ fullName: event.currentTarget.value })}
              error={error('fullName')}
            />
            <TextInput
              label={t('fields.title')}
              placeholder={t('placeholders.title')}
              autoComplete="organization-title"
              maxLength={120}
              value={cv.title}
              onChange={(event) => set({ title: event.currentTarget.value })}
              error={error('title')}
            />
            <TextInput
              label={t('fields.email')}
              required
              type="email"
              autoComplete="email"
              maxLength={254}
              value={cv.email}
              onChange={(event) => set({ email: event.currentTarget.value })}
              error={error('email')}
            />
            <TextInput
              label={t('fields.phone')}
              type="tel"
              autoComplete="tel"
              maxLength={40}
              value={cv.phone}
              onChange={(event) => set({ phone: event.currentTarget.value })}
              error={error('phone')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.address')}
            autoComplete="street-address"
            maxLength={300}
            value={cv.address}
            onChange={(event) => set({ address: event.currentTarget.value })}
            error={error('address')}
          />
          <Textarea
            label={t('fields.summary')}
            description={t('placeholders.summary')}
            autosize
            minRows={3}
            maxLength={3000}
            value={cv.summary}
            onChange={(event) => set({ summary: event.currentTarget.value })}
            error={error('summary')}
          />
        </Section>

        <Section
          title={t('sections.experience')}
          addLabel={t('add.experience')}
          onAdd={() => set({ experience: [...cv.experience, { ...EMPTY_EXPERIENCE }] })}
          empty={cv.experience.length === 0 ? t('empty.experience') : undefined}
        >
          {cv.experience.map((entry, index) => {
            const label = entry.position || entry.company || t('entry.experience', { n: index + 1 });
            const at = `experience.${index}`;
            return (
              <Paper key={index} bg="gray.0" radius="md" p="md" role="group" aria-label={label}>
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{label}</Text>
                    <EntryTools
                      label={label}
                      index={index}
                      count={cv.experience.length}
                      onMove={(delta) => moveAt('experience', index, delta)}
                      onRemove={() => removeAt('experience', index)}
                    />
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={t('fields.position')}
                      required
                      maxLength={200}
                      value={entry.position}
                      onChange={(event) => updateAt('experience', index, { position: event.currentTarget.value })}
                      error={error(`${at}.position`)}
                    />
                    <TextInput
                      label={t('fields.company')}
                      required
                      maxLength={200}
                      value={entry.company}
                      onChange={(event) => updateAt('experience', index, { company: event.currentTarget.value })}
                      error={error(`${at}.company`)}
                    />
                    <MonthField
                      label={t('fields.start')}
                      required
                      value={entry.start}
                      onChange={(start) => updateAt('experience', index, { start })}
                      error={error(`${at}.start`)}
                    />
                    <MonthField
                      label={t('fields.end')}
                      value={entry.current ? '' : entry.end}
                      disabled={entry.current}
                      onChange={(end) => updateAt('experience', index, { end })}
                      error={error(`${at}.end`)}
                    />
                  </SimpleGrid>
                  <Checkbox
                    label={t('fields.current')}
                    checked={entry.current}
                    onChange={(event) =>
                      updateAt('experience', index, { current: event.currentTarget.checked, end: '' })
                    }
                  />
                  <Textarea
                    label={t('fields.description')}
                    autosize
                    minRows={2}
                    maxLength={3000}
                    value={entry.description}
                    onChange={(event) => updateAt('experience', index, { description: event.currentTarget.value })}
                    error={error(`${at}.description`)}
                  />
                </Stack>
              </Paper>
            );
          })}
        </Section>

        <Section
          title={t('sections.education')}
          addLabel={t('add.education')}
          onAdd={() => set({ education: [...cv.education, { ...EMPTY_EDUCATION }] })}
          empty={cv.education.length === 0 ? t('empty.education') : undefined}
        >
          {cv.education.map((entry, index) => {
            const label = entry.institution || t('entry.education', { n: index + 1 });
            const at = `education.${index}`;
            return (
              <Paper key={index} bg="gray.0" radius="md" p="md" role="group" aria-label={label}>
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{label}</Text>
                    <EntryTools
                      label={label}
                      index={index}
                      count={cv.education.length}
                      onMove={(delta) => moveAt('education', index, delta)}
                      onRemove={() => removeAt('education', index)}
                    />
                  </Group>
                  <TextInput
                    label={t('fields.institution')}
                    required
                    maxLength={200}
                    value={entry.institution}
                    onChange={(event) => updateAt('education', index, { institution: event.currentTarget.value })}
                    error={error(`${at}.institution`)}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={t('fields.degree')}
                      maxLength={200}
                      value={entry.degree}
                      onChange={(event) => updateAt('education', index, { degree: event.currentTarget.value })}
                      error={error(`${at}.degree`)}
                    />
                    <TextInput
                      label={t('fields.field')}
                      maxLength={200}
                      value={entry.field}
                      onChange={(event) => updateAt('education', index, { field: event.currentTarget.value })}
                      error={error(`${at}.field`)}
                    />
                    <MonthField
                      label={t('fields.start')}
                      value={entry.start}
                      onChange={(start) => updateAt('education', index, { start })}
                      error={error(`${at}.start`)}
                    />
                    <MonthField
                      label={t('fields.end')}
                      value={entry.end}
                      onChange={(end) => updateAt('education', index, { end })}
                      error={error(`${at}.end`)}
                    />
                  </SimpleGrid>
                </Stack>
              </Paper>
            );
          })}
        </Section>

        {(['skills', 'languages'] as const).map((key) => (
          <Section
            key={key}
            title={t(`sections.${key}`)}
            addLabel={t(`add.${key}`)}
            onAdd={() =>
              set(
                key === 'skills'
                  ? { skills: [...cv.skills, { name: '', level: 'intermediate' }] }
                  : { languages: [...cv.languages, { name: '', level: 'conversational' }] },
              )
            }
            empty={cv[key].length === 0 ? t(`empty.${key}`) : undefined}
          >
            {cv[key].map((entry, index) => {
              const label = entry.name || t(`entry.${key}`, { n: index + 1 });
              return (
                <Group key={index} align="flex-start" wrap="wrap" gap="sm" role="group" aria-label={label}>
                  <TextInput
                    label={t(key === 'skills' ? 'fields.skill' : 'fields.language')}
                    required
                    maxLength={80}
                    value={entry.name}
                    onChange={(event) => updateAt(key, index, { name: event.currentTarget.value })}
                    error={error(`${key}.${index}.name`)}
                    style={{ flex: '1 1 220px' }}
                  />
                  <Select
                    label={t('fields.level')}
                    data={key === 'skills' ? skillLevels : languageLevels}
                    value={entry.level}
                    allowDeselect={false}
                    onChange={(level) => level && updateAt(key, index, { level } as Partial<Cv[typeof key][number]>)}
                    style={{ flex: '1 1 180px' }}
                  />
                  <Group mt={{ base: 0, sm: 26 }}>
                    <EntryTools
                      label={label}
                      index={index}
                      count={cv[key].length}
                      onMove={(delta) => moveAt(key, index, delta)}
                      onRemove={() => removeAt(key, index)}
                    />
                  </Group>
                </Group>
              );
            })}
          </Section>
        ))}

        <Paper
          withBorder
          radius="lg"
          p="md"
          pos="sticky"
          bottom={0}
          style={{ zIndex: 5, boxShadow: '0 -6px 18px rgba(11, 59, 92, 0.08)' }}
        >
          <Stack gap="xs">
            {problem && (
              <Text c="red.8" fw={600} size="sm" role="alert">
                {problem}
              </Text>
            )}
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {dirty ? t('unsaved') : saved ? t('allSaved') : ''}
              </Text>
              <Group gap="sm">
                {props.next && saved && !dirty && (
                  <Button component={Link} to={props.next} variant="light">
                    {t('backToJob')}
                  </Button>
                )}
                {saved && (
                  <Button
                    component="a"
                    href={pdfUrl}
                    download
                    variant="default"
                    leftSection={<IconDownload size={16} />}
                    title={dirty ? t('downloadHint') : undefined}
                  >
                    {t('download')}
                  </Button>
                )}
                <Button type="submit" loading={save.isPending}>
                  {t('save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      </Stack>

      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('leave.title')} centered>
        <Stack>
          <Text>{t('leave.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {t('leave.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t('leave.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
