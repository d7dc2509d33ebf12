import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  FileButton,
  Fieldset,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconFileText, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { JOB_MATERIALS_MAX, JOB_STATUSES, JOB_TYPES } from '@aylal/shared/job-rules';
import type { JobDetail, JobInput } from '@aylal/shared/schemas/jobs';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useDeleteMaterial, useSaveJob, useUploadMaterial } from '../api/admin-jobs.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** Four weeks from today: a usual first deadline. */
const inFourWeeks = () => new Date(Date.now() + 28 * 86_400_000).toISOString().slice(0, 10);

const empty = (): JobInput => ({
  title: { en: '', mn: '' },
  description: { en: '', mn: '' },
  company: '',
  location: { en: '', mn: '' },
  type: 'full-time',
  requirements: { en: '', mn: '' },
  responsibilities: { en: '', mn: '' },
  benefits: { en: '', mn: '' },
  skills: { en: [], mn: [] },
  deadline: inFourWeeks(),
  status: 'draft',
});

function toInput(job: JobDetail): JobInput {
  const { id: _id, materials: _m, postedAt: _p, createdAt: _c, updatedAt: _u, ...input } = job;
  return input;
}

type BilingualField = 'title' | 'description' | 'location' | 'requirements' | 'responsibilities' | 'benefits';

/** Create or edit a job: every field in both languages, its status, and (once saved) its files. */
export function JobForm({ job, onSaved }: { job?: JobDetail; onSaved: (job: JobDetail) => void }) {
  const { t } = useTranslation(['admin', 'jobs']);
  const language = useLanguage();
  const [input, setInput] = useState<JobInput>(job ? toInput(job) : empty());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveJob();
  const set = (patch: Partial<JobInput>) => setInput((current) => ({ ...current, ...patch }));
  const error = (path: string) => errors[path];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    const found: Record<string, string> = {};
    if (!input.title.en.trim() && !input.title.mn.trim()) found['title.en'] = t('jobsAdmin.form.titleRequired');
    if (!input.description.en.trim() && !input.description.mn.trim())
      found['description.en'] = t('jobsAdmin.form.descriptionRequired');
    if (!input.company.trim()) found.company = t('jobsAdmin.form.companyRequired');
    if (!input.location.en.trim() && !input.location.mn.trim())
      found['location.en'] = t('jobsAdmin.form.locationRequired');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.deadline)) found.deadline = t('jobsAdmin.form.deadlineRequired');
    if (Object.keys(found).length) {
      setErrors(found);
      setProblem(t('jobsAdmin.form.invalid'));
      focusFirstInvalid();
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: job?.id, input });
      notifySuccess(t('jobsAdmin.form.saved'));
      onSaved(saved);
    } catch (failure) {
      if (
        failure instanceof ApiRequestError &&
        failure.code === 'VALIDATION_FAILED' &&
        Array.isArray(failure.details)
      ) {
        const fromServer: Record<string, string> = {};
        for (const detail of failure.details as { path: string }[]) {
          fromServer[detail.path.replace(/^body\./, '')] = t('tripForm.checkField');
        }
        setErrors(fromServer);
        setProblem(t('jobsAdmin.form.invalid'));
        focusFirstInvalid();
      } else setProblem(errorMessage(failure));
    }
  }

  const bilingual = (field: BilingualField, long = false, hint?: string) => {
    const Input = long ? Textarea : TextInput;
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['en', 'mn'] as const).map((lang) => (
          <Input
            key={lang}
            label={`${t(`jobsAdmin.form.fields.${field}`)} (${t(lang === 'en' ? 'tripForm.english' : 'tripForm.mongolian')})`}
            description={hint}
            value={input[field][lang]}
            onChange={(event) => set({ [field]: { ...input[field], [lang]: event.currentTarget.value } })}
            error={error(`${field}.${lang}`)}
            {...(long ? { autosize: true, minRows: 3 } : {})}
          />
        ))}
      </SimpleGrid>
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('jobsAdmin.form.sections.basics')}>
          <Stack>
            {bilingual('title')}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('jobsAdmin.form.fields.company')}
                required
                value={input.company}
                maxLength={200}
                onChange={(event) => set({ company: event.currentTarget.value })}
                error={error('company')}
              />
              <Select
                label={t('jobs:search.type')}
                allowDeselect={false}
                value={input.type}
                onChange={(value) => value && set({ type: value as JobInput['type'] })}
                data={JOB_TYPES.map((value) => ({ value, label: t(`jobs:types.${value}`) }))}
              />
              <TextInput
                type="date"
                label={t('jobsAdmin.form.fields.deadline')}
                required
                value={input.deadline}
                onChange={(event) => set({ deadline: event.currentTarget.value })}
                error={error('deadline')}
              />
            </SimpleGrid>
            {bilingual('location')}
          </Stack>
        </Fieldset>

        <Fieldset legend={t('jobsAdmin.form.sections.texts')}>
          <Stack>
            {bilingual('description', true)}
            {bilingual('responsibilities', true, t('jobsAdmin.form.onePerLine'))}
            {bilingual('requirements', true, t('jobsAdmin.form.onePerLine'))}
            {bilingual('benefits', true, t('jobsAdmin.form.onePerLine'))}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(['en', 'mn'] as const).map((lang) => (
                <TagsInput
                  key={lang}
                  label={`${t('jobsAdmin.form.fields.skills')} (${t(lang === 'en' ? 'tripForm.english' : 'tripForm.mongolian')})`}
                  description={t('jobsAdmin.form.skillsHint')}
                  value={input.skills[lang]}
                  onChange={(skills) =>
                    set({
                      skills: {
                        ...input.skills,
                        [lang]: skills.map((skill) => skill.trim().slice(0, 60)).filter(Boolean),
                      },
                    })
                  }
                  maxTags={30}
                  clearable
                  error={error(`skills.${lang}`)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('jobsAdmin.status')}>
          <SegmentedControl
            value={input.status}
            onChange={(value) => set({ status: value as JobInput['status'] })}
            data={JOB_STATUSES.map((value) => ({ value, label: t(`jobsAdmin.statuses.${value}`) }))}
          />
        </Fieldset>

        {job ? (
          <Materials job={job} language={language} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('jobsAdmin.form.materialsAfterSave')}
          </Text>
        )}

        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('tripForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The employer's files: PDF or pictures, at most ten, each at most 10 MB. */
function Materials({ job, language }: { job: JobDetail; language: 'en' | 'mn' }) {
  const { t } = useTranslation('admin');
  const upload = useUploadMaterial(job.id);
  const remove = useDeleteMaterial(job.id);

  async function add(file: File | null) {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      notifySuccess(t('jobsAdmin.form.fileAdded', { name: file.name }));
    } catch (failure) {
      notifyError(errorMessage(failure));
    }
  }

  return (
    <Fieldset legend={t('jobsAdmin.form.sections.materials')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('jobsAdmin.form.materialsHint')}
        </Text>
        {job.materials.map((material) => (
          <Group key={material.id} justify="space-between" wrap="nowrap">
            <Anchor href={material.url} size="sm" fw={600}>
              <Group gap={6} wrap="nowrap">
                <IconFileText size={16} />
                {material.name}
              </Group>
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {formatBytes(material.size, language)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('tripForm.remove')}: ${material.name}`}
                loading={remove.isPending && remove.variables === material.id}
                onClick={() => remove.mutate(material.id, { onError: (failure) => notifyError(errorMessage(failure)) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <Group>
          <FileButton onChange={(file) => void add(file)} accept="application/pdf,image/png,image/jpeg,image/webp">
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPaperclip size={16} />}
                loading={upload.isPending}
                disabled={job.materials.length >= JOB_MATERIALS_MAX}
              >
                {t('jobsAdmin.form.addFile')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Fieldset>
  );
}
