import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import { documentChecklist, type VisaProblem } from '@aylal/shared/visa-rules';
import { problemSection } from '../progress.ts';

/**
 * What the review lists before its submit button: each answer that stops submitting, linked to
 * its field, and each document the checklist still asks for, linked to the documents section
 * (docs/decisions/031: missing documents warn, they never stop submitting).
 */
export function MissingList(props: { application: VisaApplication; problems: readonly VisaProblem[] }) {
  const { t } = useTranslation('visaApplicationForm');
  const { application, problems } = props;
  const { missing } = documentChecklist(
    application.form.purpose,
    application.dependantList.map((dependant) => dependant.id),
    application.documents,
  );
  const base = `/visa/${application.id}`;
  const personName = (dependantId: string | null) => {
    const dependant = application.dependantList.find((candidate) => candidate.id === dependantId);
    return dependant ? `${dependant.firstName} ${dependant.lastName}`.trim() : t('review.applicant');
  };
  const fieldName = (path: string) => {
    const [, dependantId, field] = path.split('.');
    if (!path.startsWith('dependants.')) return t(`fields.${path as 'firstName'}`);
    return `${t(`fields.${field as 'firstName'}`)} · ${personName(dependantId ?? null)}`;
  };
  if (problems.length === 0 && missing.length === 0) return null;
  return (
    <Stack gap="sm">
      {problems.length > 0 && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('review.problemsLeft', { count: problems.length })}
        >
          <List size="sm" spacing={4}>
            {problems.map((problem) => (
              <List.Item key={problem.path}>
                <Anchor
                  component={Link}
                  to={`${base}?${new URLSearchParams({ section: problemSection(problem), field: problem.path, check: '1', return: 'review' }).toString()}`}
                  size="sm"
                  fw={600}
                >
                  {fieldName(problem.path)}
                </Anchor>
                <Text span size="sm">
                  {': '}
                  {t(`validation.${problem.message}`)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {missing.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={t('review.documentsMissing', { count: missing.length })}
        >
          <Stack gap={6}>
            <Text size="sm">{t('review.documentsMissingBody')}</Text>
            <List size="sm" spacing={4}>
              {missing.map((need) => (
                <List.Item key={`${need.dependantId ?? 'applicant'}:${need.kind}`}>
                  <Anchor component={Link} to={`${base}?section=documents&return=review`} size="sm" fw={600}>
                    {t(`documentKinds.${need.kind}`)} · {personName(need.dependantId)}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
