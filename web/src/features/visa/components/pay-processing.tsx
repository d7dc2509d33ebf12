import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@aylal/shared/dates';
import { formatAmount, USD_TO_MNT } from '@aylal/shared/money';
import { isOpenPayment, paymentAmount } from '@aylal/shared/payment-rules';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { usePayment, usePaymentMethods, useStartPayment } from '../api/payments.ts';
import { QrCode } from './qr-code.tsx';

/**
 * Paying the processing an applicant chose (docs/decisions/033): with QPay when the agency offers
 * it, a QR code for a bank app (and the bank apps' links on a phone) followed until QPay confirms
 * it; otherwise the promise that we will tell them how.
 */
export function PayProcessing({ application }: { application: VisaApplication }) {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  const methods = usePaymentMethods();
  const start = useStartPayment();
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const followed = usePayment(paymentId, application.id);
  const payment = followed.data ?? start.data;
  const due = application.payment;
  if (payment?.state === 'paid') {
    // Kept in view after the application itself says paid (it is read again once the payment is).
    return (
      <Alert color="green" icon={<IconCircleCheck size={20} />} role="status">
        {t('pay.paid', { amount: formatAmount(payment.amount, payment.currency, language) })}
      </Alert>
    );
  }
  if (!due || due.state !== 'awaiting-payment') return null;
  if (!methods.data?.includes('qpay')) {
    return (
      <Text size="sm" c="dimmed">
        {t('confirmation.paymentHint')}
      </Text>
    );
  }
  const amount = formatAmount(
    payment?.amount ?? paymentAmount(due.amountUsd, 'MNT', USD_TO_MNT),
    payment?.currency ?? 'MNT',
    language,
  );

  async function pay() {
    try {
      const opened = await start.mutateAsync({ for: { visaApplicationId: application.id }, method: 'qpay' });
      setPaymentId(opened.id);
    } catch {
      // Shown below from the mutation's error.
    }
  }

  const open = payment && isOpenPayment(payment.state) && payment.instructions?.qrText;
  if (!open) {
    return (
      <Stack gap="xs" align="flex-start">
        {payment && <Text size="sm">{t('pay.expired')}</Text>}
        <Button leftSection={<IconQrcode size={18} />} onClick={pay} loading={start.isPending}>
          {payment ? t('pay.again') : t('pay.button', { amount })}
        </Button>
        {start.error && (
          <Alert color="red" role="alert">
            {errorMessage(start.error)}
          </Alert>
        )}
      </Stack>
    );
  }
  const links = payment.instructions?.bankLinks ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('pay.title', { amount })}
        </Title>
        <Group align="flex-start" gap="lg">
          <QrCode text={payment.instructions!.qrText!} label={t('pay.qrLabel', { amount })} />
          <Stack gap="xs" maw={320}>
            <Text size="sm">{t('pay.scan')}</Text>
            {payment.expiresAt && (
              <Text size="sm" c="dimmed">
                {t('pay.until', { time: formatTime(payment.expiresAt) })}
              </Text>
            )}
            {links.length > 0 && (
              <>
                <Text size="sm">{t('pay.banks')}</Text>
                <Group gap="xs">
                  {links.map((link) => (
                    <Anchor key={link.link} href={link.link} size="sm">
                      {language === 'mn' ? link.description : link.name}
                    </Anchor>
                  ))}
                </Group>
              </>
            )}
          </Stack>
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('pay.waiting')}
        </Text>
      </Stack>
    </Paper>
  );
}
