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
import type { Cv, CvEducation, CvExperience, CvResponse } from '@aylal/shared/schemas/cv';
import { LANGUAGE_LEVELS, SKILL_LEVELS } from '@aylal/shared/job-rules';
import { notifySuccess } from '../../../components/notify.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { moveItem } from '../../../lib/move-item.ts';
import { fetchCv, useSaveCv } from '../api/cv.ts';
import { MonthField } from './month-field.tsx';
import type { Resources } from '@aylal/locales/resources';

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

type ListKey = 'experience' | 'education' | 'skills' | 'languages';

// Each entry of a list has an id of its own while the form is open, so its messages and its place
// on screen follow it when entries above it move or go.
let lastEntryId = 0;
const newIds = (count: number) => Array.from({ length: count }, () => ++lastEntryId);
const idsOf = (cv: Cv): Record<ListKey, number[]> => ({
  experience: newIds(cv.experience.length),
  education: newIds(cv.education.length),
  skills: newIds(cv.skills.length),
  languages: newIds(cv.languages.length),
});

/** Messages keyed by place ("experience.2.company") rekeyed by entry ("experience#17.company"). */
function byEntry(found: Record<string, string>, ids: Record<ListKey, number[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(found).map(([path, message]) => [
      path.replace(
        /^(experience|education|skills|languages)\.(\d+)/,
        (whole, key: ListKey, index: string) => `${key}#${ids[key][Number(index)] ?? index}`,
      ),
      message,
    ]),
  );
}

/** Whether anything was typed into an entry (a level chosen alone does not count). */
const isTypedIn = (entry: object) =>
  Object.entries(entry).some(([key, value]) => key !== 'level' && typeof value === 'string' && value.trim() !== '');

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
export function CvEditor(props: { initial: Cv; version: number; next: string | null }) {
  const { t, i18n } = useTranslation('cv');
  const [cv, setCv] = useState<Cv>(props.initial);
  const [ids, setIds] = useState(() => idsOf(props.initial));
  const [baseline, setBaseline] = useState(() => JSON.stringify(props.initial));
  // The saved version this form started from (0: no CV yet); saving over another is refused.
  const [version, setVersion] = useState(props.version);
  // The messages of the last save attempt; shown while they still hold (see `shown`).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [removing, setRemoving] = useState<{ key: ListKey; index: number; label: string } | null>(null);
  const saved = version > 0;
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
  // A message goes as soon as its field is mended (or says what is wrong now); the server's
  // "check this field" stays until the next save.
  const still = Object.keys(errors).length ? byEntry(checkCv(cv), ids) : {};
  const present = new Set(Object.values(ids).flat());
  const entryStays = (path: string) => {
    const id = /#(\d+)/.exec(path)?.[1];
    return id === undefined || present.has(Number(id));
  };
  const shown = Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) =>
      message === 'check' ? (entryStays(path) ? [[path, message]] : []) : still[path] ? [[path, still[path]]] : [],
    ),
  );
  // The messages are keys of cv:errors (checkCv and the server's 'check'), held as plain strings.
  const error = (path: string) =>
    shown[path] ? t(`errors.${shown[path] as keyof Resources['cv']['errors']}`) : undefined;
  const notice = Object.keys(shown).length ? t('errors.summary') : problem;
  const updateAt = <K extends ListKey>(key: K, index: number, patch: Partial<Cv[K][number]>) =>
    set({ [key]: cv[key].map((entry, at) => (at === index ? { ...entry, ...patch } : entry)) } as Partial<Cv>);
  const addTo = <K extends ListKey>(key: K, entry: Cv[K][number]) => {
    set({ [key]: [...cv[key], entry] } as Partial<Cv>);
    setIds((current) => ({ ...current, [key]: [...current[key], ...newIds(1)] }));
  };
  const removeAt = (key: ListKey, index: number) => {
    set({ [key]: cv[key].filter((_, at) => at !== index) } as Partial<Cv>);
    setIds((current) => ({ ...current, [key]: current[key].filter((_, at) => at !== index) }));
  };
  /** Removes at once what is still empty; asks first when something was typed into it. */
  const askToRemove = (key: ListKey, index: number, label: string) =>
    isTypedIn(cv[key][index]!) ? setRemoving({ key, index, label }) : removeAt(key, index);
  const moveAt = (key: ListKey, index: number, delta: number) => {
    set({ [key]: moveItem(cv[key] as unknown[], index, delta) } as Partial<Cv>);
    setIds((current) => ({ ...current, [key]: moveItem(current[key], index, delta) }));
  };
  /** The message for a field of the entry at `index` (it follows the entry when the list changes). */
  const entryError = (key: ListKey, index: number, field: string) => error(`${key}#${ids[key][index]}.${field}`);

  /** Takes a saved CV as the form's new starting point. */
  const startFrom = (result: CvResponse, fresh: boolean) => {
    setCv(result.cv);
    if (fresh) setIds(idsOf(result.cv));
    setBaseline(JSON.stringify(result.cv));
    setVersion(result.version);
  };

  async function send(basedOn: number | undefined) {
    try {
      startFrom(await save.mutateAsync({ cv, basedOn }), false);
      setConflict(false);
      notifySuccess(t('saved'));
    } catch (failure) {
      // Everything typed stays in the form; a save made elsewhere meanwhile asks which to keep.
      const changedElsewhere = failure instanceof ApiRequestError && failure.code === 'CV_CHANGED';
      setConflict(changedElsewhere);
      if (changedElsewhere) return;
      if (
        failure instanceof ApiRequestError &&
        failure.code === 'VALIDATION_FAILED' &&
        Array.isArray(failure.details)
      ) {
        const fromServer: Record<string, string> = {};
        for (const detail of failure.details as { path: string }[]) {
          fromServer[detail.path.replace(/^body\./, '')] = 'check';
        }
        setErrors(byEntry(fromServer, ids));
      } else {
        setProblem(
          `${t('saveFailed')} ${failure instanceof ApiRequestError && failure.code !== 'NETWORK' ? errorMessage(failure) : ''}`.trim(),
        );
      }
    }
  }

  /** After a conflict: the CV as saved elsewhere replaces this form. */
  async function loadSaved() {
    try {
      const latest = await fetchCv();
      if (latest) startFrom(latest, true);
      else setVersion(0);
      setErrors({});
      setConflict(false);
    } catch (failure) {
      setConflict(false);
      setProblem(errorMessage(failure));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const found = checkCv(cv);
    setErrors(byEntry(found, ids));
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    await send(version);
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
          onAdd={() => addTo('experience', { ...EMPTY_EXPERIENCE })}
          empty={cv.experience.length === 0 ? t('empty.experience') : undefined}
        >
          {cv.experience.map((entry, index) => {
            const label = entry.position || entry.company || t('entry.experience', { n: index + 1 });
            const fieldError = (field: string) => entryError('experience', index, field);
            return (
              <Paper key={ids.experience[index]} bg="gray.0" radius="md" p="md" role="group" aria-label={label}>
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{label}</Text>
                    <EntryTools
                      label={label}
                      index={index}
                      count={cv.experience.length}
                      onMove={(delta) => moveAt('experience', index, delta)}
                      onRemove={() => askToRemove('experience', index, label)}
                    />
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={t('fields.position')}
                      required
                      maxLength={200}
                      value={entry.position}
                      onChange={(event) => updateAt('experience', index, { position: event.currentTarget.value })}
                      error={fieldError('position')}
                    />
                    <TextInput
                      label={t('fields.company')}
                      required
                      maxLength={200}
                      value={entry.company}
                      onChange={(event) => updateAt('experience', index, { company: event.currentTarget.value })}
                      error={fieldError('company')}
                    />
                    <MonthField
                      label={t('fields.start')}
                      required
                      value={entry.start}
                      onChange={(start) => updateAt('experience', index, { start })}
                      error={fieldError('start')}
                    />
                    <MonthField
                      label={t('fields.end')}
                      value={entry.current ? '' : entry.end}
                      disabled={entry.current}
                      onChange={(end) => updateAt('experience', index, { end })}
                      error={fieldError('end')}
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
                    error={fieldError('description')}
                  />
                </Stack>
              </Paper>
            );
          })}
        </Section>

        <Section
          title={t('sections.education')}
          addLabel={t('add.education')}
          onAdd={() => addTo('education', { ...EMPTY_EDUCATION })}
          empty={cv.education.length === 0 ? t('empty.education') : undefined}
        >
          {cv.education.map((entry, index) => {
            const label = entry.institution || t('entry.education', { n: index + 1 });
            const fieldError = (field: string) => entryError('education', index, field);
            return (
              <Paper key={ids.education[index]} bg="gray.0" radius="md" p="md" role="group" aria-label={label}>
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{label}</Text>
                    <EntryTools
                      label={label}
                      index={index}
                      count={cv.education.length}
                      onMove={(delta) => moveAt('education', index, delta)}
                      onRemove={() => askToRemove('education', index, label)}
                    />
                  </Group>
                  <TextInput
                    label={t('fields.institution')}
                    required
                    maxLength={200}
                    value={entry.institution}
                    onChange={(event) => updateAt('education', index, { institution: event.currentTarget.value })}
                    error={fieldError('institution')}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={t('fields.degree')}
                      maxLength={200}
                      value={entry.degree}
                      onChange={(event) => updateAt('education', index, { degree: event.currentTarget.value })}
                      error={fieldError('degree')}
                    />
                    <TextInput
                      label={t('fields.field')}
                      maxLength={200}
                      value={entry.field}
                      onChange={(event) => updateAt('education', index, { field: event.currentTarget.value })}
                      error={fieldError('field')}
                    />
                    <MonthField
                      label={t('fields.start')}
                      value={entry.start}
                      onChange={(start) => updateAt('education', index, { start })}
                      error={fieldError('start')}
                    />
                    <MonthField
                      label={t('fields.end')}
                      value={entry.end}
                      onChange={(end) => updateAt('education', index, { end })}
                      error={fieldError('end')}
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
              key === 'skills'
                ? addTo('skills', { name: '', level: 'intermediate' })
                : addTo('languages', { name: '', level: 'conversational' })
            }
            empty={cv[key].length === 0 ? t(`empty.${key}`) : undefined}
          >
            {cv[key].map((entry, index) => {
              const label = entry.name || t(`entry.${key}`, { n: index + 1 });
              return (
                <Group key={ids[key][index]} align="flex-start" wrap="wrap" gap="sm" role="group" aria-label={label}>
                  <TextInput
                    label={t(key === 'skills' ? 'fields.skill' : 'fields.language')}
                    required
                    maxLength={80}
                    value={entry.name}
                    onChange={(event) => updateAt(key, index, { name: event.currentTarget.value })}
                    error={entryError(key, index, 'name')}
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
                      onRemove={() => askToRemove(key, index, label)}
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
            {notice && (
              <Text c="red.8" fw={600} size="sm" role="alert">
                {notice}
              </Text>
            )}
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {dirty ? (saved ? `${t('unsaved')} ${t('downloadHint')}` : t('unsaved')) : saved ? t('allSaved') : ''}
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

      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('removeEntry.title')} centered>
        <Stack>
          <Text>{t('removeEntry.body', { label: removing?.label ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('removeEntry.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (removing) removeAt(removing.key, removing.index);
                setRemoving(null);
              }}
            >
              {t('removeEntry.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={conflict} onClose={() => setConflict(false)} title={t('conflict.title')} centered>
        <Stack>
          <Text>{t('conflict.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void loadSaved()} disabled={save.isPending}>
              {t('conflict.loadSaved')}
            </Button>
            <Button loading={save.isPending} onClick={() => void send(undefined)}>
              {t('conflict.keepMine')}
            </Button>
          </Group>
        </Stack>
      </Modal>

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
