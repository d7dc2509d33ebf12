import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language.ts';
import { Link } from 'react-router';
import { CvSchema, type Cv, type CvResponse } from '@aylal/shared/schemas/cv';
import { FirstSteps, focusField } from '../../../components/first-steps.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useLeaveGuard } from '../../../lib/forms/leave-guard.tsx';
import { SaveBar } from '../../../lib/forms/save-bar.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { fetchCv, useSaveCv } from '../api/cv.ts';
import { ProfileOffer } from '../components/profile-offer.tsx';
import { EducationSection, ExperienceSection, LevelledSection, Section } from './cv-sections.tsx';

/** Where "Start my CV" takes the keyboard. */
const FIRST_FIELD = 'cv-full-name';

/** A month left empty is asked for; one half chosen alone asks for the other. */
const month = (value: unknown) => (value ? 'cv:errors.month' : 'cv:errors.start');

/** The CV's own words for its fields (`cv:errors`); the rules themselves are the schema's. */
const MESSAGES = {
  'fullName:too_small': 'cv:errors.fullName',
  email: 'cv:errors.email',
  'experience.#.company:too_small': 'cv:errors.company',
  'experience.#.position:too_small': 'cv:errors.position',
  'experience.#.start': month,
  'experience.#.end': 'cv:errors.month',
  'experience.#.end:custom': 'cv:errors.endBeforeStart',
  'education.#.institution:too_small': 'cv:errors.institution',
  'education.#.start': 'cv:errors.month',
  'education.#.end': 'cv:errors.month',
  'education.#.end:custom': 'cv:errors.endBeforeStart',
  'skills.#.name:too_small': 'cv:errors.skill',
  'languages.#.name:too_small': 'cv:errors.language',
};

/**
 * The CV editor (spec section 3): personal details, work experience, education, skills and
 * languages, each list with add, remove and reorder. A failed save keeps everything typed, and
 * leaving with unsaved changes asks first.
 */
export function CvEditor(props: { initial: Cv; version: number; next: string | null; hasProfile?: boolean }) {
  const { t } = useTranslation('cv');
  const language = useLanguage();
  const { form, submitted, onSubmit, showServerErrors, reset } = useSchemaForm({
    schema: CvSchema,
    initialValues: props.initial,
    messages: MESSAGES,
  });
  const [baseline, setBaseline] = useState(() => JSON.stringify(props.initial));
  // The saved version this form started from (0: no CV yet); saving over another is refused.
  const [version, setVersion] = useState(props.version);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const saved = version > 0;
  const save = useSaveCv();
  const dirty = JSON.stringify(form.values) !== baseline;

  const leaveGuard = useLeaveGuard(dirty, t('leave.body'));

  const notice = submitted && Object.keys(form.errors).length ? t('errors.summary') : problem;

  /** Takes a saved CV as the form's new starting point. */
  const startFrom = (result: CvResponse) => {
    reset(result.cv);
    setBaseline(JSON.stringify(result.cv));
    setVersion(result.version);
  };

  async function send(cv: Cv, basedOn: number | undefined) {
    try {
      startFrom(await save.mutateAsync({ cv, basedOn }));
      setConflict(false);
      notifySuccess(t('saved'));
    } catch (failure) {
      // Everything typed stays in the form; a save made elsewhere meanwhile asks which to keep.
      const changedElsewhere = failure instanceof ApiRequestError && failure.code === 'CV_CHANGED';
      setConflict(changedElsewhere);
      if (changedElsewhere || showServerErrors(failure)) return;
      setProblem(
        `${t('saveFailed')} ${failure instanceof ApiRequestError && failure.code !== 'NETWORK' ? errorMessage(failure) : ''}`.trim(),
      );
    }
  }

  /** After a conflict: the CV as saved elsewhere replaces this form. */
  async function loadSaved() {
    try {
      const latest = await fetchCv();
      if (latest) startFrom(latest);
      else setVersion(0);
      setConflict(false);
    } catch (failure) {
      setConflict(false);
      setProblem(errorMessage(failure));
    }
  }

  const submit = onSubmit(async (cv) => {
    setProblem(null);
    await send(cv, version);
  });

  const pdfUrl = `/api/cv/pdf?lang=${language}`;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {!saved && (
          <FirstSteps
            icon={<IconFileText size={26} />}
            title={t('welcome.title')}
            body={t('welcome.body')}
            steps={[t('welcome.step1'), t('welcome.step2')]}
            action={<Button onClick={() => focusField(FIRST_FIELD)}>{t('welcome.start')}</Button>}
          />
        )}
        {!saved && props.hasProfile && (
          <ProfileOffer onUse={(details) => form.setValues({ ...form.values, ...details })} />
        )}
        <Section title={t('sections.personal')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id={FIRST_FIELD}
              label={t('fields.fullName')}
              required
              autoComplete="name"
              {...form.getInputProps('fullName')}
            />
            <TextInput
              label={t('fields.title')}
              placeholder={t('placeholders.title')}
              autoComplete="organization-title"
              {...form.getInputProps('title')}
            />
            <TextInput
              label={t('fields.email')}
              required
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <TextInput label={t('fields.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
          </SimpleGrid>
          <TextInput label={t('fields.address')} autoComplete="street-address" {...form.getInputProps('address')} />
          <Textarea
            label={t('fields.summary')}
            description={t('placeholders.summary')}
            autosize
            minRows={3}
            {...form.getInputProps('summary')}
          />
        </Section>

        <ExperienceSection form={form} />
        <EducationSection form={form} />
        <LevelledSection form={form} kind="skills" />
        <LevelledSection form={form} kind="languages" />

        <SaveBar notice={notice}>
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
                <Button component="a" href={pdfUrl} download variant="default" leftSection={<IconDownload size={16} />}>
                  {t('download')}
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                {t('save')}
              </Button>
            </Group>
          </Group>
        </SaveBar>
      </Stack>

      <Modal opened={conflict} onClose={() => setConflict(false)} title={t('conflict.title')} centered>
        <Stack>
          <Text>{t('conflict.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void loadSaved()} disabled={save.isPending}>
              {t('conflict.loadSaved')}
            </Button>
            <Button loading={save.isPending} onClick={() => void send(form.getValues(), undefined)}>
              {t('conflict.keepMine')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      {leaveGuard.modal}
    </form>
  );
}
