import { useState } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JOB_STATUSES, JOB_TYPES, JobInputSchema, type JobDetail, type JobInput } from '@aylal/shared/schemas/jobs';
import { notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { BilingualFields, useLanguageLabel } from '../../../lib/forms/bilingual-fields.tsx';
import { DateField } from '../../../lib/forms/date-field.tsx';
import { useLeaveGuard } from '../../../lib/forms/leave-guard.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useSaveJob } from '../api/admin-jobs.ts';
import { JobMaterials } from '../components/job-materials.tsx';

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

/** The job form's own words where the general ones would say less. */
const MESSAGES = {
  'title.en:custom': 'admin:jobsAdmin.form.titleRequired',
  'description.en:custom': 'admin:jobsAdmin.form.descriptionRequired',
  'location.en:custom': 'admin:jobsAdmin.form.locationRequired',
  'company:too_small': 'admin:jobsAdmin.form.companyRequired',
  'deadline:invalid_format': 'admin:jobsAdmin.form.deadlineRequired',
};

type BilingualField = 'title' | 'description' | 'location' | 'requirements' | 'responsibilities' | 'benefits';

/** Create or edit a job: every field in both languages, its status, and (once saved) its files. */
export function JobForm({ job, onSaved }: { job?: JobDetail; onSaved: (job: JobDetail) => void }) {
  const { t } = useTranslation(['admin', 'jobs']);
  const language = useLanguage();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveJob();
  const { form, submitted, onSubmit, showServerErrors } = useSchemaForm({
    schema: JobInputSchema,
    initialValues: job ? toInput(job) : empty(),
    messages: MESSAGES,
  });
  const invalid = submitted && Object.keys(form.errors).length > 0;

  const leaveGuard = useLeaveGuard(form.isDirty());

  const submit = onSubmit(async (input) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync({ id: job?.id, input });
      notifySuccess(t('jobsAdmin.form.saved'));
      // What was saved is the new starting point; moving on to the saved record's page is no leaving.
      form.resetDirty();
      leaveGuard.allowNext();
      onSaved(saved);
    } catch (failure) {
      if (!showServerErrors(failure)) setProblem(errorMessage(failure));
    }
  });

  const bilingual = (field: BilingualField, long = false, hint?: string) => (
    <BilingualFields
      form={form}
      path={field}
      label={t(`jobsAdmin.form.fields.${field}`)}
      long={long}
      description={hint}
    />
  );
  const labelled = useLanguageLabel();

  return (
    <form onSubmit={submit} noValidate>
      {leaveGuard.modal}
      <Stack gap="lg">
        <Fieldset legend={t('jobsAdmin.form.sections.basics')}>
          <Stack>
            {bilingual('title')}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('jobsAdmin.form.fields.company')} required {...form.getInputProps('company')} />
              <Select
                label={t('jobs:search.type')}
                allowDeselect={false}
                {...form.getInputProps('type')}
                data={JOB_TYPES.map((value) => ({ value, label: t(`jobs:types.${value}`) }))}
              />
              <DateField label={t('jobsAdmin.form.fields.deadline')} required {...form.getInputProps('deadline')} />
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
                  label={labelled(t('jobsAdmin.form.fields.skills'), lang)}
                  description={t('jobsAdmin.form.skillsHint')}
                  value={form.values.skills[lang]}
                  onChange={(skills) =>
                    form.setFieldValue(
                      `skills.${lang}`,
                      skills.map((skill) => skill.trim().slice(0, 60)).filter(Boolean),
                    )
                  }
                  maxTags={30}
                  clearable
                  error={form.errors[`skills.${lang}`]}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('jobsAdmin.status')}>
          <SegmentedControl
            {...form.getInputProps('status')}
            data={JOB_STATUSES.map((value) => ({ value, label: t(`jobsAdmin.statuses.${value}`) }))}
          />
        </Fieldset>

        {job ? (
          <JobMaterials job={job} language={language} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('jobsAdmin.form.materialsAfterSave')}
          </Text>
        )}

        {(invalid || problem) && (
          <Alert color="red" role="alert">
            {invalid ? t('jobsAdmin.form.invalid') : problem}
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
