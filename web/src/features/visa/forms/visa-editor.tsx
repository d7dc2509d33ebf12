import { useEffect, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Group, NavLink, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCircle,
  IconCircleCheck,
  IconCircleDashed,
  IconMessage,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import {
  VISA_REQUIRED_FIELDS,
  VISA_SECTIONS,
  type VisaForm,
  type VisaProblem,
  type VisaSection,
} from '@aylal/shared/visa-rules';
import { DependantsSection } from '../components/dependants-section.tsx';
import { DocumentsSection } from '../components/documents-section.tsx';
import { sectionsDone, type SectionProgress } from '../progress.ts';
import { fieldId, SectionFields } from './visa-fields.tsx';

export interface VisaEditorProps {
  application: VisaApplication;
  form: UseFormReturnType<VisaForm>;
  section: VisaSection;
  progress: Record<VisaSection, SectionProgress>;
  problems: VisaProblem[];
  /** Show each problem at its field (after a refused submit). */
  checking: boolean;
  /** The field to focus as the section opens (the first problem). */
  focusField: string | null;
  /** Opened from the review's Change link: the way on leads back there. */
  returnToReview: boolean;
  processingPrice: string | null;
  statusLine: ReactNode;
  onOpenSection: (section: VisaSection) => void;
  onLeaveField: () => void;
  onReview: () => void;
}

const PROGRESS_ICON = {
  complete: <IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-hidden="true" />,
  incomplete: <IconCircle size={20} color="var(--mantine-color-orange-7)" aria-hidden="true" />,
  missing: <IconCircle size={20} color="var(--mantine-color-orange-7)" aria-hidden="true" />,
  optional: <IconCircleDashed size={20} color="var(--mantine-color-gray-6)" aria-hidden="true" />,
};

/**
 * The form in sections: on a desktop the list of sections (each complete, incomplete or optional)
 * beside the one open; on a phone one section at a time with its place in the whole. Back and
 * Next move between sections, the last leads to the review.
 */
export function VisaEditor(props: VisaEditorProps) {
  const { t } = useTranslation('visaApplicationForm');
  const { application, section, progress } = props;
  const index = VISA_SECTIONS.indexOf(section);
  const previous = VISA_SECTIONS[index - 1];
  const next = VISA_SECTIONS[index + 1];
  const request = application.state === 'action-required' ? application.actionRequest : null;
  const { done, total } = sectionsDone(progress);

  // A missing answer is said after a refused submit; a wrong one (a phone of letters, a birth to
  // come) at once, as the field is changed, though the draft keeps it.
  const errors: Record<string, string> = {};
  for (const problem of props.problems) {
    const missing = (VISA_REQUIRED_FIELDS as readonly string[]).includes(problem.message);
    if (props.checking || (!missing && props.form.isTouched(problem.path)))
      errors[problem.path] ??= t(`validation.${problem.message}`);
  }

  // The first problem's field gets the focus as its section opens.
  useEffect(() => {
    if (!props.focusField) return;
    const frame = requestAnimationFrame(() => {
      const field = document.getElementById(fieldId(props.focusField!));
      const target = field ?? document.querySelector<HTMLElement>('[aria-invalid="true"]');
      target?.focus({ preventScroll: true });
      target?.scrollIntoView({ block: 'center', behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [props.focusField, section]);

  const sectionProblems = props.problems.filter((problem) =>
    section === 'dependants' ? problem.path.startsWith('dependants.') : false,
  );

  return (
    <Stack gap="lg">
      {request && (
        <Alert
          color="orange"
          icon={<IconMessage size={20} />}
          title={t('editor.actionTitle', { section: t(`sections.${request.section}`) })}
        >
          <Text className="pre-line">{request.message}</Text>
        </Alert>
      )}
      {props.checking && props.problems.length > 0 && (
        <Alert color="red" role="alert">
          {t('validation.missingFields')}
        </Alert>
      )}

      <Box hiddenFrom="md">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {t('editor.stepOf', { step: index + 1, total: VISA_SECTIONS.length })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('editor.doneOf', { done, total })}
            </Text>
          </Group>
          <Progress value={((index + 1) / VISA_SECTIONS.length) * 100} size="sm" aria-hidden="true" />
        </Stack>
      </Box>

      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box visibleFrom="md" w={280} style={{ flexShrink: 0 }} component="nav" aria-label={t('editor.sectionsLabel')}>
          <Stack gap={2}>
            {VISA_SECTIONS.map((key) => (
              <NavLink
                key={key}
                component="button"
                type="button"
                active={key === section}
                label={t(`sections.${key}`)}
                description={key === request?.section ? t('editor.changeAsked') : t(`editor.progress.${progress[key]}`)}
                leftSection={PROGRESS_ICON[progress[key]]}
                color={key === request?.section ? 'orange' : undefined}
                onClick={() => props.onOpenSection(key)}
                aria-current={key === section ? 'step' : undefined}
                style={{ borderRadius: 8 }}
              />
            ))}
            <NavLink
              component="button"
              type="button"
              label={t('editor.reviewSection')}
              leftSection={<IconArrowRight size={20} aria-hidden="true" />}
              onClick={props.onReview}
              style={{ borderRadius: 8 }}
            />
          </Stack>
        </Box>

        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'xl' }}
            style={section === request?.section ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}
          >
            <Stack gap="lg">
              <Group justify="space-between" align="center" gap="xs">
                <Title order={2} size="h3">
                  {t(`sections.${section}`)}
                </Title>
                <Group gap="xs">
                  {section === request?.section && <Badge color="orange">{t('editor.changeAsked')}</Badge>}
                  <Badge
                    variant="light"
                    color={
                      progress[section] === 'complete' ? 'green' : progress[section] === 'optional' ? 'gray' : 'orange'
                    }
                  >
                    {t(`editor.progress.${progress[section]}`)}
                  </Badge>
                </Group>
              </Group>
              <Text c="dimmed" size="sm">
                {t(`editor.intro.${section}`)}
              </Text>
              {section === 'dependants' ? (
                <DependantsSection
                  application={application}
                  editable
                  problems={props.checking ? sectionProblems : []}
                />
              ) : section === 'documents' ? (
                <DocumentsSection application={application} />
              ) : (
                <SectionFields
                  section={section}
                  form={props.form}
                  errors={errors}
                  prefilled={application.prefilled}
                  editable
                  processingPrice={props.processingPrice}
                  onLeaveField={props.onLeaveField}
                />
              )}
            </Stack>
          </Paper>

          <Group justify="space-between" gap="sm">
            {previous ? (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                onClick={() => props.onOpenSection(previous)}
              >
                {t('editor.back')}
              </Button>
            ) : (
              <Button variant="subtle" component={Link} to="/visa" leftSection={<IconArrowLeft size={16} />}>
                {t('editor.allApplications')}
              </Button>
            )}
            {props.returnToReview ? (
              <Button onClick={props.onReview}>{t('editor.backToReview')}</Button>
            ) : next ? (
              <Button rightSection={<IconArrowRight size={16} />} onClick={() => props.onOpenSection(next)}>
                {t('editor.next')}
              </Button>
            ) : (
              <Button rightSection={<IconArrowRight size={16} />} onClick={props.onReview}>
                {t('editor.toReview')}
              </Button>
            )}
          </Group>
          {props.statusLine}
        </Stack>
      </Group>
    </Stack>
  );
}
