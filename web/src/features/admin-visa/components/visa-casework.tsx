import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, Timeline } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NoteField } from '../../../components/note-field.tsx';
import { Link } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import { formatPrice } from '@aylal/shared/money';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import type { AdminVisaDetail } from '@aylal/shared/schemas/visa';
import {
  missingDocuments,
  VISA_PAYMENT_STATES,
  type VisaPaymentState,
  type VisaStaffAction,
} from '@aylal/shared/visa-rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { runAction } from '../../../lib/run-action.ts';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { describeVisaEvent, showsVisaEventMessage } from '../visa-history.ts';
import { useVisaAction, useVisaNote, useVisaPayment } from '../api/admin-visa.ts';
import { EmbassyForm } from '../forms/embassy-form.tsx';
import { RequestActionForm } from '../forms/request-action-form.tsx';
import { SideCard } from '../../../components/side-card.tsx';

const ACTION_COLORS: Record<VisaStaffAction, string> = {
  'start-review': 'blue',
  'request-action': 'orange',
  lodge: 'violet',
  approve: 'teal',
  refuse: 'red',
};

/**
 * What a refused change says: another admin (or the applicant) acted first, so the page, asked
 * again, shows what the application now allows; anything else in the server's words.
 */
function useRefusal() {
  const { t } = useTranslation('admin');
  return {
    refusal: (error: unknown) =>
      error instanceof ApiRequestError && error.code === 'ACTION_NOT_ALLOWED'
        ? t('visa.detail.actedFirst')
        : errorMessage(error),
  };
}

/** The state actions the application's state allows: a change request asks for its section and why, the rest confirm. */
export function VisaActions({ data }: { data: AdminVisaDetail }) {
  const { t } = useTranslation(['admin', 'visaApplicationForm']);
  const act = useVisaAction(data.id);
  const refused = useRefusal();
  const [asking, setAsking] = useState<VisaStaffAction | null>(null);
  const missing = missingDocuments(
    data.form.purpose,
    data.dependantList.map((dependant) => dependant.id),
    data.documents,
  );

  async function run(request: Parameters<typeof act.mutateAsync>[0]) {
    await runAction(() => act.mutateAsync(request), t(`visa.detail.done.${request.action}`), refused);
    setAsking(null);
  }

  return (
    <SideCard title={t('visa.detail.actionsTitle')}>
      {data.actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(data.state === 'action-required' ? 'visa.detail.waitingForApplicant' : 'visa.detail.noActions')}
        </Text>
      ) : (
        <Group gap="xs">
          {data.actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'request-action' || action === 'refuse' ? 'light' : 'filled'}
              color={ACTION_COLORS[action]}
              onClick={() => setAsking(action)}
            >
              {t(`visa.detail.actions.${action}`)}
            </Button>
          ))}
        </Group>
      )}
      <EmbassyLines data={data} />
      <Modal
        opened={asking === 'request-action'}
        onClose={() => setAsking(null)}
        title={t('visa.detail.requestTitle', { reference: data.reference ?? '' })}
        centered
      >
        {asking === 'request-action' && (
          <RequestActionForm
            busy={act.isPending}
            onCancel={() => setAsking(null)}
            onSend={({ section, message }) => run({ action: 'request-action', section, message })}
          />
        )}
      </Modal>
      <Modal
        opened={asking === 'lodge' || asking === 'approve'}
        onClose={() => setAsking(null)}
        title={asking === 'lodge' || asking === 'approve' ? t(`visa.detail.confirm.${asking}.title`) : ''}
        centered
      >
        {(asking === 'lodge' || asking === 'approve') && (
          <EmbassyForm
            action={asking}
            warning={
              asking === 'lodge' && missing > 0 ? t('visa.detail.missingDocuments', { count: missing }) : undefined
            }
            busy={act.isPending}
            onCancel={() => setAsking(null)}
            onSend={(values) => run({ action: asking, message: '', ...values })}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={asking === 'start-review' || asking === 'refuse'}
        title={asking && asking !== 'request-action' ? t(`visa.detail.confirm.${asking}.title`) : ''}
        body={asking && asking !== 'request-action' ? t(`visa.detail.confirm.${asking}.body`) : ''}
        action={asking && asking !== 'request-action' ? t(`visa.detail.actions.${asking}`) : ''}
        color={asking ? ACTION_COLORS[asking] : 'blue'}
        busy={act.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void run({ action: asking, message: '' })}
      />
    </SideCard>
  );
}

/** What staff recorded of the embassy: the receipt, the day lodged, the visa's validity. */
function EmbassyLines({ data }: { data: AdminVisaDetail }) {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  const { embassy } = data;
  const day = (value: string) => formatDate(`${value}T12:00:00`, language);
  const lines = [
    embassy.receipt && { label: t('embassy.receipt'), value: embassy.receipt },
    embassy.lodgedOn && { label: t('embassy.lodgedOn'), value: day(embassy.lodgedOn) },
    embassy.validFrom && { label: t('embassy.validFrom'), value: day(embassy.validFrom) },
    embassy.validTo && { label: t('embassy.validTo'), value: day(embassy.validTo) },
  ].filter((line) => !!line);
  if (lines.length === 0) return null;
  return (
    <Stack gap={4} mt="sm" aria-label={t('embassy.title')} role="group">
      {lines.map((line) => (
        <Text key={line.label} size="sm">
          <Text span c="dimmed" size="sm">
            {line.label}:
          </Text>{' '}
          {line.value}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The payments made for an application, with staff's refund and cash (the payments feature's,
 * composed in by the route: features do not import each other): `dueUsd` is the price while the
 * processing awaits payment.
 */
export type PaymentsSlot = (applicationId: string, dueUsd: number | null) => ReactNode;

/** The paid processing: its record's state (set by a payment, or by staff), and the payments made for it. */
export function VisaPaymentCard({ data, payments }: { data: AdminVisaDetail; payments: PaymentsSlot }) {
  const { t } = useTranslation(['admin', 'visaApplicationForm']);
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const payment = useVisaPayment(data.id);
  const refused = useRefusal();
  if (!data.payment) return null;
  const amount = [
    formatPrice(data.payment.amountUsd, 'USD', language),
    formatPrice(data.payment.amountUsd, 'MNT', language),
  ]
    .filter(Boolean)
    .join(' · ');

  async function change(state: VisaPaymentState) {
    await runAction(
      () => payment.mutateAsync(state),
      t('visa.detail.paymentSaved', { state: t(`visaApplicationForm:paymentStates.${state}`) }),
      refused,
    );
  }

  return (
    <SideCard title={t('visa.detail.paymentTitle')}>
      <Text size="sm">
        {t('visa.detail.paymentAmount')}: <strong>{amount}</strong>
      </Text>
      <Select
        label={t('visa.columns.payment')}
        allowDeselect={false}
        value={data.payment.state}
        disabled={payment.isPending}
        onChange={(state) => state && state !== data.payment?.state && void change(state as VisaPaymentState)}
        data={VISA_PAYMENT_STATES.map((state) => ({
          value: state,
          label: t(`visaApplicationForm:paymentStates.${state}`),
        }))}
      />
      <Text size="xs" c="dimmed">
        {t('visa.detail.paymentHint')}{' '}
        {t('visa.detail.paymentUpdated', { date: formatDateTimeInZone(data.payment.updatedAt, language, timeZone) })}
      </Text>
      {payments(
        data.id,
        data.payment.state === 'awaiting-payment' && data.payment.amountUsd > 0 ? data.payment.amountUsd : null,
      )}
    </SideCard>
  );
}

/** Who applied (the account), and the consultations booked about the application. */
export function VisaAccountCard({ data }: { data: AdminVisaDetail }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  return (
    <SideCard title={t('visa.detail.accountTitle')}>
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {data.account.name}
        </Text>
        <Anchor href={`mailto:${data.account.email}`} size="sm" style={{ wordBreak: 'break-all' }}>
          {data.account.email}
        </Anchor>
      </Stack>
      <Text size="sm" fw={500} mt="xs">
        {t('visa.detail.consultations')}
      </Text>
      {data.consultations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('visa.detail.noConsultations')}
        </Text>
      ) : (
        <Stack gap={4}>
          {data.consultations.map((consultation) => (
            <Anchor
              key={consultation.id}
              component={Link}
              to={`/admin/consultations?open=${encodeURIComponent(consultation.id)}`}
              size="sm"
            >
              {formatDateTimeInZone(consultation.startsAt, language, timeZone)} ·{' '}
              {t(`consultations.states.${consultation.state as 'pending'}`, { defaultValue: consultation.state })}
            </Anchor>
          ))}
        </Stack>
      )}
    </SideCard>
  );
}

/** Every step and note, newest last, with who made it; and a note for the team (the applicant never sees it). */
export function VisaHistory({ data }: { data: AdminVisaDetail }) {
  const { t } = useTranslation(['admin', 'visaApplicationForm']);
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const addNote = useVisaNote(data.id);
  const refused = useRefusal();
  const [note, setNote] = useState('');

  async function save() {
    await runAction(
      async () => {
        await addNote.mutateAsync(note.trim());
        setNote('');
      },
      t('visa.detail.noteSaved'),
      refused,
    );
  }

  return (
    <SideCard title={t('visa.detail.historyTitle')}>
      <Stack gap="xs">
        <NoteField
          label={t('visa.detail.note')}
          description={t('visa.detail.noteHint')}
          value={note}
          onChange={setNote}
          maxLength={2000}
        />
        <Group>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconNote size={16} />}
            disabled={!note.trim()}
            loading={addNote.isPending}
            onClick={() => void save()}
          >
            {t('visa.detail.addNote')}
          </Button>
        </Group>
      </Stack>
      <Timeline bulletSize={14} lineWidth={2} mt="sm">
        {data.events.map((event) => (
          <Timeline.Item
            key={event.id}
            color={event.kind === 'note' ? 'gray' : undefined}
            title={
              <Text size="sm" fw={600} className="pre-line break-anywhere">
                {describeVisaEvent(event, t)}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              <time dateTime={event.createdAt}>{formatDateTimeInZone(event.createdAt, language, timeZone)}</time>
            </Text>
            {showsVisaEventMessage(event) && (
              <Text size="sm" className="pre-line break-anywhere">
                {event.message}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </SideCard>
  );
}

/** What staff asked the applicant to change, while they have not yet done it. */
export function ActionRequestNotice({ data }: { data: AdminVisaDetail }) {
  const { t } = useTranslation(['admin', 'visaApplicationForm']);
  if (data.state !== 'action-required' || !data.actionRequest) return null;
  return (
    <Alert
      color="orange"
      title={t('visa.detail.waitingFor', { section: t(`visaApplicationForm:sections.${data.actionRequest.section}`) })}
    >
      <Text size="sm" className="pre-line">
        {data.actionRequest.message}
      </Text>
    </Alert>
  );
}
