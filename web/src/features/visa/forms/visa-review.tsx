import { useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VISA_CONSENT_VERSION } from '@aylal/shared/consent';
import { formatDate } from '@aylal/shared/dates';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import { visaProblems, type VisaForm, type VisaProblem } from '@aylal/shared/visa-rules';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useSubmitVisaApplication } from '../api/applications.ts';
import { AnswersSummary } from '../components/answers-summary.tsx';
import { MissingList } from '../components/missing-list.tsx';
import { dropLocalCopy } from '../local-copy.ts';
import { localToday } from '../progress.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/**
 * Check your answers: every section with a Change link (back here after), then the consent to
 * how the sensitive answers are used (docs/decisions/027: asked again only when its words
 * changed since this application's last), then Submit, or "Send again" after a change request.
 * Submitting saves what is typed first, checks it as the server will, and on a problem takes the
 * person to its field.
 */
export function VisaReview(props: {
  application: VisaApplication;
  userId: string;
  form: VisaForm;
  problems: VisaProblem[];
  processingPrice: string | null;
  statusLine: ReactNode;
  flush: () => Promise<boolean>;
  onProblems: (problems: VisaProblem[]) => void;
}) {
  const { t } = useTranslation('visaApplicationForm');
  const { application } = props;
  const submit = useSubmitVisaApplication(application.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const again = application.state === 'action-required';
  const language = useLanguage();
  const consentId = useId();
  const consentBox = useRef<HTMLInputElement>(null);
  // Already agreed to these very words for this application (sent back for a change): not asked again.
  const agreedBefore = application.consent?.version === VISA_CONSENT_VERSION ? application.consent : null;
  const [agreed, setAgreed] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);

  async function send() {
    setFailure(null);
    setBusy(true);
    try {
      const problems = visaProblems(props.form, application.dependantList, localToday());
      if (problems.length > 0) {
        props.onProblems(problems);
        return;
      }
      if (!agreedBefore && !agreed) {
        setConsentMissing(true);
        consentBox.current?.focus();
        return;
      }
      if (!(await props.flush())) {
        setFailure(t('messages.saveFailed'));
        return;
      }
      await submit.mutateAsync(agreedBefore ? {} : { consent: { version: VISA_CONSENT_VERSION, language } });
      // The screen shows the confirmation as the application, now sent, reaches the cache.
      dropLocalCopy(props.userId, application.id);
    } catch (refusal) {
      if (refusal instanceof ApiRequestError && refusal.code === 'VISA_INCOMPLETE') {
        const details = refusal.details as { problems?: VisaProblem[] } | undefined;
        if (details?.problems?.length) {
          props.onProblems(details.problems);
          return;
        }
      }
      setFailure(errorMessage(refusal));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('review.title')}</Title>
        <Text c="dimmed">{t('review.intro')}</Text>
      </Stack>
      <AnswersSummary
        application={application}
        form={props.form}
        processingPrice={props.processingPrice}
        problems={props.problems}
        changeLink={(section) => `/visa/${application.id}?section=${section}&return=review`}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Text fw={600}>{again ? t('review.sendAgainTitle') : t('review.submitTitle')}</Text>
          <Text size="sm" c="dimmed">
            {again ? t('review.sendAgainBody') : t('review.submitBody')}
          </Text>
          <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={consentId}>
            <Stack gap="xs">
              <Text fw={600} size="sm" id={consentId}>
                {t('consent.title')}
              </Text>
              <Text size="sm">{t('consent.use')}</Text>
              <Text size="sm">{t('consent.share')}</Text>
              <Text size="sm">{t('consent.keep')}</Text>
              {agreedBefore ? (
                <Text size="sm" c="dimmed">
                  {t('consent.agreedOn', { date: formatDate(agreedBefore.at, language) })}
                </Text>
              ) : (
                <Checkbox
                  ref={consentBox}
                  mt={4}
                  label={t('consent.agree')}
                  checked={agreed}
                  onChange={(event) => {
                    setAgreed(event.currentTarget.checked);
                    if (event.currentTarget.checked) setConsentMissing(false);
                  }}
                  error={consentMissing ? t('consent.required') : undefined}
                />
              )}
            </Stack>
          </Paper>
          <MissingList application={application} problems={props.problems} />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              component={Link}
              to={`/visa/${application.id}`}
              leftSection={<IconArrowLeft size={16} />}
            >
              {t('review.backToForm')}
            </Button>
            <Button leftSection={<IconSend size={16} />} loading={busy} onClick={() => void send()}>
              {again ? t('review.sendAgain') : t('review.submit')}
            </Button>
          </Group>
          {props.statusLine}
        </Stack>
      </Paper>
    </Stack>
  );
}
