import { useState } from 'react';
import { Alert, Anchor, Button, Divider, Drawer, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCalendarEvent, IconNote } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NoteField } from '../../../components/note-field.tsx';
import { Link } from 'react-router';
import { actionAllowed, ADMIN_ACTION_NAMES, canSetPlace, type AdminAction } from '@aylal/shared/consultation-rules';
import { pickText } from '@aylal/shared/trip-rules';
import { formatPrice } from '@aylal/shared/money';
import type { AdminConsultationDetail } from '@aylal/shared/schemas/consultations';
import { errorMessage } from '../../../lib/api-client.ts';
import { runAction } from '../../../lib/run-action.ts';
import { useConsultation, useConsultationAction } from '../api/admin-consultations.ts';
import { formatSlot } from '@aylal/shared/dates';
import { RecordCash } from '../../../components/record-cash.tsx';
import { StateBadge } from './state-badge.tsx';
import { PlaceForm } from '../forms/place-form.tsx';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import { describeConsultationEvent, showsConsultationNote } from '../consultation-history.ts';

const ACTION_COLORS: Record<AdminAction, string> = {
  confirm: 'teal',
  complete: 'blue',
  'no-show': 'orange',
  cancel: 'red',
};

/** One consultation: who, what, when, its history; staff act on it with a note, or note alone. */
export function ConsultationDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Drawer
      opened={Boolean(id)}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Title order={2} size="h3">
          {t('consultations.detailTitle')}
        </Title>
      }
    >
      {id && <Detail key={id} id={id} />}
    </Drawer>
  );
}

function Detail({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const when = (at: string) => formatDateTimeInZone(at, language, timeZone);
  const consultation = useConsultation(id);
  const act = useConsultationAction(id);
  const [note, setNote] = useState('');

  if (consultation.isPending) return <Loader size="sm" />;
  if (consultation.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(consultation.error)}
      </Alert>
    );
  const data = consultation.data;
  const allowed = ADMIN_ACTION_NAMES.filter((action) => actionAllowed(action, data.state, data.startsAt));

  async function run(action: AdminAction | 'note') {
    await runAction(
      async () => {
        await act.mutateAsync({ action, note: note.trim(), version: data.version });
        setNote('');
      },
      t(`consultations.done.${action}`),
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={700}>{data.user.name}</Text>
          <Anchor href={`mailto:${data.user.email}`} size="sm" style={{ wordBreak: 'break-all' }}>
            {data.user.email}
          </Anchor>
        </Stack>
        <StateBadge state={data.state} />
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconCalendarEvent size={18} style={{ flex: 'none' }} />
        <Text fw={600}>{formatSlot(data.startsAt, data.endsAt, language, { timeZone })}</Text>
      </Group>
      {data.visaApplicationId ? (
        <Text size="sm">
          {t('consultations.visaApplication')}:{' '}
          <Anchor component={Link} to={`/admin/visa/${data.visaApplicationId}`}>
            {data.trip ? pickText(data.trip.title, language) : t('consultations.visaApplication')}
          </Anchor>
        </Text>
      ) : (
        <Text size="sm">
          {t('consultations.columns.trip')}:{' '}
          {data.trip?.id ? (
            <Anchor component={Link} to={`/admin/trips/${data.trip.id}`}>
              {pickText(data.trip.title, language)}
            </Anchor>
          ) : data.trip ? (
            `${pickText(data.trip.title, language)} (${t('consultations.tripDeleted')})`
          ) : (
            '—'
          )}
        </Text>
      )}
      {data.fee && (
        <Text size="sm">
          {t('consultations.feeLine', {
            amount: formatPrice(data.fee.amountUsd, 'USD', language),
            state: t(`consultations.feeStates.${feeState(data.fee)}`),
          })}{' '}
          <Anchor component={Link} to={`/admin/payments?consultationId=${data.id}`} size="sm">
            {t('payments.seePayments')}
          </Anchor>
        </Text>
      )}
      {data.fee && !data.fee.paidAt && actionAllowed('cancel', data.state, data.startsAt) && (
        <Group>
          <RecordCash
            target={{ consultationId: data.id }}
            priceUsd={data.fee.amountUsd}
            title={t('payments.recordFeeTitle')}
            body={t('payments.recordFeeBody')}
          />
        </Group>
      )}
      {data.note && (
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('consultations.travellerNote')}
          </Text>
          <Text size="sm" className="pre-line">
            {data.note}
          </Text>
        </Stack>
      )}

      <Divider />
      <PlaceForm key={data.version} consultation={data} editable={canSetPlace(data.state, data.endsAt)} />

      <Divider />
      <NoteField
        label={t('consultations.note')}
        description={t('consultations.noteHint')}
        value={note}
        onChange={setNote}
        maxLength={2000}
      />
      <Group gap="xs">
        {allowed.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'confirm' ? 'filled' : 'light'}
            color={ACTION_COLORS[action]}
            loading={act.isPending && act.variables?.action === action}
            onClick={() => void run(action)}
          >
            {t(`consultations.actions.${action}`)}
          </Button>
        ))}
        <Button
          size="sm"
          variant="default"
          leftSection={<IconNote size={16} />}
          disabled={!note.trim()}
          loading={act.isPending && act.variables?.action === 'note'}
          onClick={() => void run('note')}
        >
          {t('consultations.actions.note')}
        </Button>
      </Group>
      {allowed.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('consultations.noActions')}
        </Text>
      )}

      <Divider label={t('consultations.history')} labelPosition="left" />
      <Timeline bulletSize={14} lineWidth={2}>
        {data.events.map((event) => (
          <Timeline.Item
            key={event.id}
            title={<span style={{ overflowWrap: 'anywhere' }}>{describeConsultationEvent(event, t, when)}</span>}
          >
            <Text size="xs" c="dimmed">
              <time dateTime={event.at}>{when(event.at)}</time>
            </Text>
            {showsConsultationNote(event) && (
              <Text size="sm" className="pre-line">
                {event.note}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/** Where a consultation's fee stands, for staff. */
function feeState(fee: NonNullable<AdminConsultationDetail['fee']>): 'due' | 'paid' | 'refunding' | 'refunded' {
  if (fee.refundedAt) return 'refunded';
  if (!fee.paidAt) return 'due';
  return fee.refundDue ? 'refunding' : 'paid';
}
