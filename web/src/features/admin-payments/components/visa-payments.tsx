import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@aylal/shared/money';
import { paymentStatesBefore } from '@aylal/shared/payment-rules';
import type { Payment } from '@aylal/shared/schemas/payments';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useVisaPayments } from '../api/admin-payments.ts';
import { RefundDialog } from '../forms/refund-form.tsx';
import { PaymentStateBadge, ReceiptLink } from './payment-parts.tsx';
import { RecordCash } from '../../../components/record-cash.tsx';

/** The states a refund may start from (PAYMENT_MOVES): paid, part refunded, a refund that failed. */
const REFUNDABLE = paymentStatesBefore('refund_pending');

/**
 * The payments made for an application's processing (QPay, card or by hand), newest first, each
 * with its state and what was given back; staff refund a paid one from here, all that is left or
 * part of it (QPay gives back whole payments only).
 */
export function VisaPayments({ applicationId, dueUsd }: { applicationId: string; dueUsd: number | null }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const payments = useVisaPayments(applicationId);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const items = payments.data?.items ?? [];
  if (items.length === 0 && dueUsd === null) return null;

  return (
    <Stack gap="xs" mt="xs">
      {items.length > 0 && (
        <Text size="sm" fw={600}>
          {t('payments.made')}
        </Text>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((payment) => (
          <li key={payment.id}>
            <Stack gap={2} align="flex-start">
              <Group gap="xs" wrap="wrap">
                <Text size="sm">
                  <strong>{formatAmount(payment.amount, payment.currency, language)}</strong> ·{' '}
                  {t(`payments.methods.${payment.method}`)}
                </Text>
                <PaymentStateBadge state={payment.state} />
              </Group>
              {payment.paidAt && (
                <Text size="xs" c="dimmed">
                  {t('payments.paidOn', {
                    date: formatDateTimeInZone(payment.paidAt, language, timeZone),
                  })}
                </Text>
              )}
              {payment.refunded > 0 && (
                <Text size="xs" c="dimmed">
                  {t('payments.givenBack', {
                    amount: formatAmount(payment.refunded, payment.currency, language),
                  })}
                </Text>
              )}
              {payment.paidAt && <ReceiptLink id={payment.id} />}
              {REFUNDABLE.includes(payment.state) && (
                <Button size="compact-sm" variant="default" mt={4} onClick={() => setRefunding(payment)}>
                  {t('payments.refund')}
                </Button>
              )}
            </Stack>
          </li>
        ))}
      </Stack>
      {dueUsd !== null && (
        <Group>
          <RecordCash
            target={{ visaApplicationId: applicationId }}
            priceUsd={dueUsd}
            title={t('payments.recordCashTitle')}
            body={t('payments.recordCashBody')}
          />
        </Group>
      )}
      {refunding && (
        <RefundDialog visaApplicationId={applicationId} payment={refunding} onClose={() => setRefunding(null)} />
      )}
    </Stack>
  );
}
