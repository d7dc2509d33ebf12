import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName } from '@aylal/shared/countries';
import { formatDate } from '@aylal/shared/dates';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import { canWithdrawVisa, type VisaPaymentState, type VisaState } from '@aylal/shared/visa-rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { WAITING_COLOR } from '../../../components/theme.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { reveal } from '../../../lib/reveal.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useWithdrawVisaApplication } from '../api/applications.ts';
import { AnswersSummary } from './answers-summary.tsx';
import { PayProcessing } from './pay-processing.tsx';

export const STATE_COLOR: Record<VisaState, string> = {
  draft: 'gray',
  submitted: 'blue',
  'in-review': 'indigo',
  'action-required': 'orange',
  lodged: 'cyan',
  approved: 'green',
  refused: 'red',
  withdrawn: 'gray',
};

/**
 * A submitted application as its applicant follows it: the reference, where it stands and what
 * happens next, the PDF, a consultation about it, withdrawing, its history and the answers sent.
 */
export function VisaStatus(props: {
  application: VisaApplication;
  justSubmitted: boolean;
  processingPrice: string | null;
}) {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  const { application } = props;
  const withdraw = useWithdrawVisaApplication(application.id);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const history = [...application.history].reverse();
  // Sent from the bottom of the review: the confirmation and its reference are brought into view.
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.justSubmitted) reveal(confirmation.current);
  }, [props.justSubmitted]);

  async function doWithdraw() {
    setFailure(null);
    try {
      await withdraw.mutateAsync();
      setConfirming(false);
    } catch (refusal) {
      setFailure(errorMessage(refusal));
      setConfirming(false);
    }
  }

  return (
    <Stack gap="lg">
      {props.justSubmitted && (
        <Alert ref={confirmation} color="green" icon={<IconCircleCheck size={20} />} title={t('confirmation.title')}>
          {t('confirmation.body', { reference: application.reference ?? '' })}
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('confirmation.reference')}
              </Text>
              <Title order={2} size="h3" ff="monospace">
                {application.reference ?? '—'}
              </Title>
            </Stack>
            <Badge size="lg" color={STATE_COLOR[application.state]} variant="light">
              {t(`states.${application.state}`)}
            </Badge>
          </Group>
          <Text>
            {[
              application.country ? countryName(application.country, language) : null,
              application.name,
              application.submittedAt
                ? t('confirmation.submittedOn', { date: formatDate(application.submittedAt, language) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Stack gap={4}>
            <Text fw={600}>{t('confirmation.nextTitle')}</Text>
            <Text c="dimmed">{t(`status.next.${application.state}`)}</Text>
          </Stack>
          {application.state === 'approved' && application.embassy.validFrom && application.embassy.validTo && (
            <Alert
              color="green"
              icon={<IconCircleCheck size={20} />}
              title={t('embassy.validity', {
                from: formatDate(`${application.embassy.validFrom}T12:00:00`, language),
                to: formatDate(`${application.embassy.validTo}T12:00:00`, language),
              })}
            />
          )}
          {application.embassy.lodgedOn && application.embassy.receipt && (
            <Text size="sm" c="dimmed">
              {t('embassy.lodgedLine', {
                date: formatDate(`${application.embassy.lodgedOn}T12:00:00`, language),
                receipt: application.embassy.receipt,
              })}
            </Text>
          )}
          {application.payment && (
            <Group gap="xs">
              <Text size="sm">{t('confirmation.payment')}</Text>
              <Badge
                variant="outline"
                color={application.payment.state === 'awaiting-payment' ? WAITING_COLOR : 'gray'}
              >
                {t(`paymentStates.${application.payment.state}`)}
              </Badge>
            </Group>
          )}
          <PayProcessing application={application} />
          {(application.retention.deletesOn || application.retention.deletedAt) && (
            <Text size="sm" c="dimmed">
              {application.retention.deletedAt
                ? t('retention.deleted', { date: formatDate(application.retention.deletedAt, language) })
                : t('retention.deletesOn', { date: formatDate(application.retention.deletesOn!, language) })}
            </Text>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group gap="sm">
            <Button
              component="a"
              href={`/api/visa-applications/${encodeURIComponent(application.id)}/pdf?lang=${language}`}
              download
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              {t('confirmation.downloadPdf')}
            </Button>
            {application.state !== 'withdrawn' && (
              <Button
                component={Link}
                to={`/consultations?visa=${encodeURIComponent(application.id)}`}
                variant="light"
                leftSection={<IconCalendarEvent size={16} />}
              >
                {t('confirmation.bookConsultation')}
              </Button>
            )}
            {canWithdrawVisa(application.state) && (
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {t('confirmation.withdraw')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Title order={2} size="h4" mb="md">
          {t('confirmation.history')}
        </Title>
        <Timeline bulletSize={14} lineWidth={2}>
          {history.map((entry) => (
            <Timeline.Item key={entry.id} title={t(`events.${entry.kind}`)}>
              <Text size="xs" c="dimmed">
                {formatDateTimeInZone(entry.createdAt, language)}
                {entry.section ? ` · ${t(`sections.${entry.section}`)}` : ''}
              </Text>
              {entry.message && (
                <Text size="sm" mt={4} className="pre-line">
                  {entry.kind === 'payment' ? t(`paymentStates.${entry.message as VisaPaymentState}`) : entry.message}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Paper>

      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('confirmation.answers')}
        </Title>
        <AnswersSummary application={application} form={application.form} processingPrice={props.processingPrice} />
      </Stack>
      <Anchor component={Link} to="/visa">
        {t('editor.allApplications')}
      </Anchor>

      <ConfirmDialog
        opened={confirming}
        title={t('confirmation.withdrawTitle')}
        body={t('confirmation.withdrawBody')}
        cancel={t('confirmation.keep')}
        action={t('confirmation.withdrawConfirm')}
        color="red"
        busy={withdraw.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void doWithdraw()}
      />
    </Stack>
  );
}
