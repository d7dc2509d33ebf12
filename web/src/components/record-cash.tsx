import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatPrice } from '@aylal/shared/money';
import type { PaymentCurrency } from '@aylal/shared/payment-rules';
import type { ManualPaymentRequest } from '@aylal/shared/schemas/payments';
import { useRecordPayment } from '../lib/entities/payments.ts';
import { runAction } from '../lib/run-action.ts';
import { useLanguage } from '../lib/use-language.ts';

/**
 * Staff record money received at the office (cash) for `target` (an application's processing, a
 * consultation's fee), at its price in tögrög or dollars: a payment of method `manual`, paid at
 * once; an invoice or card payment still open is cancelled. `title` and `body` say what for.
 */
export function RecordCash({
  target,
  priceUsd,
  title,
  body,
}: {
  target: ManualPaymentRequest['for'];
  priceUsd: number;
  title: string;
  body: string;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const language = useLanguage();
  const record = useRecordPayment(target);
  const [asking, setAsking] = useState(false);
  const [currency, setCurrency] = useState<PaymentCurrency>('MNT');
  const price = (of: PaymentCurrency) => formatPrice(priceUsd, of, language) ?? '';

  async function confirm() {
    const done = await runAction(
      () => record.mutateAsync(currency),
      (payment) => t('payments.recordCashDone', { amount: formatAmount(payment.amount, payment.currency, language) }),
    );
    if (done) setAsking(false);
  }

  return (
    <>
      <Button size="compact-sm" variant="default" onClick={() => setAsking(true)}>
        {t('payments.recordCash')}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={title} centered>
        <Stack>
          <Text size="sm">{body}</Text>
          <Radio.Group
            label={t('payments.recordCashIn')}
            value={currency}
            onChange={(value) => setCurrency(value as PaymentCurrency)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="MNT" label={t('payments.recordCashMnt', { amount: price('MNT') })} />
              <Radio value="USD" label={t('payments.recordCashUsd', { amount: price('USD') })} />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('common:cancel')}
            </Button>
            <Button onClick={() => void confirm()} loading={record.isPending}>
              {t('payments.recordCash')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
