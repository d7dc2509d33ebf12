import { Anchor, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName } from '@aylal/shared/countries';
import { formatDate } from '@aylal/shared/dates';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import {
  VISA_SECTIONS,
  type VisaField,
  type VisaForm,
  type VisaProblem,
  type VisaSection,
} from '@aylal/shared/visa-rules';
import { useLanguage } from '../../../lib/use-language.ts';
import { problemSection, sectionFields } from '../progress.ts';

/**
 * Every answer by section, as the person gave it (check-your-answers). With `changeLink` each
 * section offers a Change link back to it; sections with a problem say so.
 */
export function AnswersSummary(props: {
  application: VisaApplication;
  form: VisaForm;
  processingPrice: string | null;
  problems?: readonly VisaProblem[];
  changeLink?: (section: VisaSection) => string;
}) {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  const { application, form } = props;

  const shown = (field: VisaField): string => {
    const value = form[field];
    if (value.trim() === '') return t('review.notAnswered');
    if (field === 'country' || field === 'nationality') return countryName(value, language);
    if (field === 'dateOfBirth' || field === 'passportExpiryDate' || field === 'entryDate' || field === 'exitDate')
      return formatDate(`${value}T12:00:00`, language);
    if (field === 'purpose') return t(`purposes.${value as 'tourism'}`);
    if (field === 'criminalRecord') return t(`criminalRecord.${value as 'no'}`);
    return value;
  };

  const rows = (section: VisaSection): { label: string; value: string }[] => {
    if (section === 'dependants') {
      return application.dependantList.length === 0
        ? [{ label: t('sections.dependants'), value: t('review.noDependants') }]
        : application.dependantList.map((dependant) => ({
            label: t(`relationships.${dependant.relationship}`),
            value: `${dependant.firstName} ${dependant.lastName}`.trim(),
          }));
    }
    if (section === 'documents') {
      if (application.documents.length === 0)
        return [{ label: t('sections.documents'), value: t('review.noDocuments') }];
      const owner = (dependantId: string | null) => {
        const dependant = application.dependantList.find((candidate) => candidate.id === dependantId);
        return dependant ? `${dependant.firstName} ${dependant.lastName}` : t('review.applicant');
      };
      return application.documents.map((document) => ({
        label: `${t(`documentKinds.${document.kind}`)} · ${owner(document.dependantId)}`,
        value: document.fileName,
      }));
    }
    const fields = sectionFields(section).filter(
      (field) => field !== 'criminalRecordDetails' || form.criminalRecord === 'yes',
    );
    const list = fields.map((field) => ({ label: t(`fields.${field}`), value: shown(field) }));
    if (section === 'extras' && (props.processingPrice !== null || form.processing)) {
      list.push({
        label: t('fields.processing'),
        value: form.processing
          ? t('review.processingChosen', { price: props.processingPrice ?? '' })
          : t('review.processingNotChosen'),
      });
    }
    return list;
  };

  return (
    <Stack gap="md">
      {VISA_SECTIONS.map((section) => {
        const troubled = props.problems?.some((problem) => problemSection(problem) === section) ?? false;
        return (
          <Paper
            key={section}
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            style={troubled ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}
          >
            <Group justify="space-between" align="center" mb="sm" wrap="nowrap">
              <Title order={2} size="h4">
                {t(`sections.${section}`)}
              </Title>
              {props.changeLink && (
                <Anchor component={Link} to={props.changeLink(section)} fw={600} size="sm">
                  {t('review.change')}
                  <span className="visually-hidden"> {t(`sections.${section}`)}</span>
                </Anchor>
              )}
            </Group>
            {troubled && (
              <Text size="sm" c="orange.8" mb="sm">
                {t('review.sectionNeedsWork')}
              </Text>
            )}
            <Stack gap={0}>
              {rows(section).map((row, index) => (
                <div key={`${row.label}-${index}`}>
                  {index > 0 && <Divider my={6} />}
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
                    <Text size="sm" c="dimmed">
                      {row.label}
                    </Text>
                    <Text size="sm" className="pre-line break-anywhere">
                      {row.value}
                    </Text>
                  </SimpleGrid>
                </div>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
