import { useState } from 'react';
import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import { formatAmount } from '@aylal/shared/money';
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATES, paymentStatesBefore } from '@aylal/shared/payment-rules';
import type { AdminPayment } from '@aylal/shared/schemas/payments';
import { pickText } from '@aylal/shared/trip-rules';
import { ListDateCell, ListPersonCell, ListTextCell } from '../../../lib/lists/list-cells.tsx';
import { ListShell } from '../../../lib/lists/list-shell.tsx';
import { ListDateRange } from '../../../lib/lists/list-filters.tsx';
import { apiFilter, dateField, oneOfField, pageRequest, textField } from '../../../lib/lists/list-state.ts';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { paymentsCsvUrl, usePaymentsList } from '../api/admin-payments.ts';
import { RefundDialog } from '../forms/refund-form.tsx';
import { PaymentStateBadge, ReceiptLink } from './payment-parts.tsx';

/** The states a refund may start from (PAYMENT_MOVES): paid, part refunded, a refund that failed. */
const REFUNDABLE = paymentStatesBefore('refund_pending');

const FIELDS = {
  q: textField(),
  state: oneOfField(PAYMENT_STATES, ''),
  method: oneOfField(PAYMENT_METHODS, ''),
  purpose: oneOfField(PAYMENT_PURPOSES, ''),
  from: dateField(),
  to: dateField(),
  /** One consultation's payments (its staff panel links here). */
  consultationId: textField(100),
};

/**
 * /admin/payments: every payment, newest first (by QPay, card or by hand; for visa processing or a
 * consultation's fee), filtered by state, method, purpose and the days made, and a search (all in
 * the URL); the filtered list as CSV; a paid one refunded from its row.
 */
export function PaymentsTable() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const list = useListState(FIELDS);
  const { page: _page, ...chosen } = list.values;
  const payments = usePaymentsList(pageRequest(list.values));
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);

  return (
    <>
      <ListShell
        query={payments}
        list={list}
        search={t('payments.searchPlaceholder')}
        any={t('payments.any')}
        selects={{
          state: { label: t('payments.columns.state'), w: 200, optionLabel: (value) => t(`payments.states.${value}`) },
          method: {
            label: t('payments.columns.method'),
            w: 160,
            optionLabel: (value) => t(`payments.methods.${value}`),
          },
          purpose: {
            label: t('payments.columns.purpose'),
            w: 200,
            optionLabel: (value) => t(`payments.purposes.${value}`),
          },
        }}
        filters={
          <>
            <ListDateRange list={list} labels={{ from: t('payments.madeFrom'), to: t('payments.madeTo') }} w={190} />
            {list.values.consultationId && (
              <Text size="sm" style={{ alignSelf: 'flex-end' }}>
                {t('payments.ofConsultation')}{' '}
                <Anchor component="button" type="button" size="sm" onClick={() => list.set({ consultationId: '' })}>
                  {t('payments.showAll')}
                </Anchor>
              </Text>
            )}
          </>
        }
        csv={{ href: paymentsCsvUrl(apiFilter(chosen), language), label: t('payments.exportCsv') }}
        minWidth={960}
        columns={[
          t('payments.columns.made'),
          t('payments.columns.payer'),
          t('payments.columns.for'),
          t('payments.columns.method'),
          t('payments.columns.amount'),
          { label: t('payments.columns.state'), fit: true },
          t('payments.columns.paid'),
        ]}
        empty={t('payments.empty')}
        count={(count) => t('payments.count', { count })}
        row={(payment) => (
          <Table.Tr key={payment.id}>
            <ListDateCell at={payment.createdAt} withTime />
            {payment.payer ? (
              <ListPersonCell name={payment.payer.name} email={payment.payer.email} />
            ) : (
              <ListTextCell>{t('payments.deletedAccount')}</ListTextCell>
            )}
            <ListTextCell note={t(`payments.purposes.${payment.purpose}`)}>
              <PaidFor payment={payment} />
            </ListTextCell>
            <ListTextCell>{t(`payments.methods.${payment.method}`)}</ListTextCell>
            <ListTextCell
              note={
                payment.refunded > 0
                  ? t('payments.givenBack', { amount: formatAmount(payment.refunded, payment.currency, language) })
                  : undefined
              }
            >
              <strong className="nowrap">{formatAmount(payment.amount, payment.currency, language)}</strong>
            </ListTextCell>
            <Table.Td>
              <PaymentStateBadge state={payment.state} inList />
            </Table.Td>
            <ListDateCell at={payment.paidAt} withTime />
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {REFUNDABLE.includes(payment.state) && (
                  <Button size="compact-sm" variant="default" onClick={() => setRefunding(payment)}>
                    {t('payments.refund')}
                  </Button>
                )}
                {payment.paidAt && <ReceiptLink id={payment.id} />}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {refunding && (
        <RefundDialog
          payment={refunding}
          visaApplicationId={refunding.visaApplication?.id}
          onClose={() => setRefunding(null)}
        />
      )}
    </>
  );
}

/** What a payment paid for, linked to its page in the back office. */
function PaidFor({ payment }: { payment: AdminPayment }) {
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  if (payment.visaApplication) {
    return (
      <Anchor component={Link} to={`/admin/visa/${payment.visaApplication.id}`} size="sm" fw={600}>
        {payment.visaApplication.reference ?? '—'}
      </Anchor>
    );
  }
  if (payment.consultation) {
    const { id, title, startsAt } = payment.consultation;
    return (
      <Anchor component={Link} to={`/admin/consultations?open=${id}`} size="sm">
        {pickText(title, language)} · {formatDate(startsAt, language, { timeZone })}
      </Anchor>
    );
  }
  return <>—</>;
}
