import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { contactLink } from '@aylal/shared/contact-rules';
import { countryName } from '@aylal/shared/countries';
import { formatDate } from '@aylal/shared/dates';
import type { MyVisaApplication } from '@aylal/shared/schemas/visa';
import { VISA_APPLICATIONS_PER_YEAR, VISA_DRAFTS_MAX } from '@aylal/shared/visa-rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FirstSteps } from '../../../components/first-steps.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormatPrice } from '../../../lib/entities/currency.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { useDeleteVisaDraft, useMyVisaApplications, useStartVisaApplication } from '../api/applications.ts';
import { STATE_COLOR } from './visa-status.tsx';
import { WAITING_COLOR } from '../../../components/theme.ts';
import { LoadFailedAlert } from '../../../components/retry-alert.tsx';

/** From how many applications started in the window the list says how many are left. */
const YEARLY_ROOM_SHOWN_FROM = VISA_APPLICATIONS_PER_YEAR - 5;

/**
 * /visa: the person's applications and a new one; with none yet, what the service is. Near the
 * account's limits (drafts, applications a year) it says so beside the button it disables.
 */
export function VisaList() {
  const { t } = useTranslation('visaApplicationForm');
  const formatPrice = useFormatPrice();
  const navigate = useNavigate();
  const applications = useMyVisaApplications();
  const start = useStartVisaApplication();
  const remove = useDeleteVisaDraft();
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MyVisaApplication | null>(null);

  async function startNew() {
    setFailure(null);
    try {
      const created = await start.mutateAsync();
      void navigate(`/visa/${created.id}`);
    } catch (refusal) {
      setFailure(errorMessage(refusal));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
    } catch (refusal) {
      setFailure(errorMessage(refusal));
    }
    setDeleting(null);
  }

  const items = applications.data?.items ?? [];
  const price = applications.data?.processingPriceUsd ?? 0;
  const drafts = items.filter((item) => item.state === 'draft').length;
  const started = applications.data?.usage.applications ?? 0;
  const draftsFull = drafts >= VISA_DRAFTS_MAX;
  const yearFull = started >= VISA_APPLICATIONS_PER_YEAR;

  const startButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      loading={start.isPending}
      onClick={() => void startNew()}
      disabled={draftsFull || yearFull}
      aria-describedby={yearFull ? 'visa-yearly-limit' : draftsFull ? 'visa-drafts-limit' : undefined}
    >
      {t('list.start')}
    </Button>
  );

  return (
    <Container size="lg" py={{ base: 24, sm: 40 }}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <Stack gap={4} maw={640}>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
          <Anchor component={Link} to={contactLink('visa')} size="sm">
            {t('list.askQuestion')}
          </Anchor>
        </Stack>
        {items.length > 0 && startButton}
      </Group>
      {failure && (
        <Alert color="red" role="alert" mb="md">
          {failure}
        </Alert>
      )}
      {draftsFull && !yearFull && (
        <Alert color="gray" mb="md" id="visa-drafts-limit">
          {t('list.draftsLimit', { count: VISA_DRAFTS_MAX })}
        </Alert>
      )}
      {yearFull ? (
        <Alert color="orange" mb="md" id="visa-yearly-limit">
          <Text size="sm">{t('list.yearlyLimit', { count: started })}</Text>
          <Anchor component={Link} to={contactLink('visa')} size="sm">
            {t('list.yearlyContact')}
          </Anchor>
        </Alert>
      ) : (
        started >= YEARLY_ROOM_SHOWN_FROM && (
          <Text size="sm" c="dimmed" mb="md">
            {t('list.yearlyRoom', { count: started, limit: VISA_APPLICATIONS_PER_YEAR })}
          </Text>
        )
      )}
      {applications.isPending ? (
        <PageLoader />
      ) : applications.isError ? (
        <LoadFailedAlert query={applications} title={t('list.loadFailed')} retry={t('editor.retry')} />
      ) : items.length === 0 ? (
        <FirstSteps
          icon={<IconFileText size={26} />}
          title={t('list.emptyTitle')}
          body={t('list.emptyBody')}
          steps={[
            t('list.emptyStep1'),
            t('list.emptyStep2'),
            t('list.emptyStep3'),
            ...(price > 0 ? [t('list.emptyProcessing', { price: formatPrice(price) })] : []),
          ]}
          action={startButton}
        />
      ) : (
        <Stack gap="md">
          {items.map((item) => (
            <ApplicationCard key={item.id} item={item} onDelete={() => setDeleting(item)} />
          ))}
        </Stack>
      )}

      <ConfirmDialog
        opened={deleting !== null}
        title={t('list.deleteTitle')}
        body={t('list.deleteBody')}
        cancel={t('confirmation.keep')}
        action={t('list.deleteConfirm')}
        color="red"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Container>
  );
}

function ApplicationCard({ item, onDelete }: { item: MyVisaApplication; onDelete: () => void }) {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  const editable = item.state === 'draft' || item.state === 'action-required';
  const asked =
    item.state === 'action-required' && item.actionRequest
      ? t('list.asked.changeRequested', { section: t(`sections.${item.actionRequest.section}`) })
      : t(`list.asked.${item.state}`);

  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {item.country ? countryName(item.country, language) : t('list.noCountry')}
            </Title>
            <Text size="sm" c="dimmed">
              {[
                item.reference,
                item.name || null,
                item.dependants > 0 ? t('list.dependants', { count: item.dependants }) : null,
                item.submittedAt
                  ? t('confirmation.submittedOn', { date: formatDate(item.submittedAt, language) })
                  : t('list.updatedOn', { date: formatDate(item.updatedAt, language) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Group gap={6}>
            <Badge color={STATE_COLOR[item.state]} variant="light">
              {t(`states.${item.state}`)}
            </Badge>
            {item.payment && (
              <Badge color={item.payment.state === 'awaiting-payment' ? WAITING_COLOR : 'gray'} variant="outline">
                {t(`paymentStates.${item.payment.state}`)}
              </Badge>
            )}
          </Group>
        </Group>
        <Text
          size="sm"
          fw={item.state === 'action-required' ? 600 : undefined}
          c={item.state === 'action-required' ? 'orange.9' : undefined}
        >
          {asked}
        </Text>
        {item.state === 'action-required' && item.actionRequest?.message && (
          <Text size="sm" className="pre-line" lineClamp={3}>
            “{item.actionRequest.message}”
          </Text>
        )}
        <Group gap="sm">
          <Button component={Link} to={`/visa/${item.id}`} variant={editable ? 'filled' : 'light'} size="sm">
            {item.state === 'draft'
              ? t('list.continue')
              : item.state === 'action-required'
                ? t('list.change')
                : t('list.open')}
          </Button>
          {item.state === 'draft' && (
            <Button variant="subtle" color="red" size="sm" onClick={onDelete}>
              {t('list.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
