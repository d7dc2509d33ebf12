import { useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCreditCard, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@aylal/shared/dates';
import { formatAmount, USD_TO_MNT } from '@aylal/shared/money';
import { isOpenPayment, PAYMENT_METHOD_CURRENCY, paymentAmount, receiptNumber } from '@aylal/shared/payment-rules';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import type { Payment, PaymentRequest } from '@aylal/shared/schemas/payments';
import { errorMessage } from '../lib/api-client.ts';
import { usePayment, usePaymentMethods, useStartPayment } from '../lib/entities/payments.ts';
import { useLanguage } from '../lib/use-language.ts';
import { QrCode } from './qr-code.tsx';

type Method = 'qpay' | 'card';

/** A label that wraps on a phone rather than running out of its card (the Mongolian ones are long). */
const WRAPPING = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'start' } },
} as const;

export interface PayPanelProps {
  /** What is paid for (POST /api/payments' `for`). */
  target: PaymentRequest['for'];
  /** The price in whole US dollars; in tögrög at the product's rate for QPay. */
  amountUsd: number;
  /** Whether it is still to be paid (the payment's own "Paid" stays in view after it is). */
  due: boolean;
  /** What to read again once it is paid (what the page shows of the thing paid for). */
  paidKeys: QueryKey[];
  /** Shown when the agency offers no way of paying here. */
  noMethods?: ReactNode;
}

/**
 * Paying something in the ways the agency offers (docs/decisions/033): QPay, a QR code for a
 * bank app (and the bank apps' links on a phone); a card, on Stripe's Checkout page, which brings
 * the payer back to this page (`?payment=`). Either is followed until its provider confirms it.
 */
export function PayPanel({ target, amountUsd, due, paidKeys, noMethods = null }: PayPanelProps) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const methods = usePaymentMethods().data ?? [];
  const start = useStartPayment();
  const [params] = useSearchParams();
  // Back from Checkout, the page follows the payment it left with (on a page of several, this one's).
  const [paymentId, setPaymentId] = useState<string | null>(() => {
    const own = !('consultationId' in target) || params.get('consultation') === target.consultationId;
    return own ? params.get('payment') : null;
  });
  const followed = usePayment(paymentId, paidKeys);
  const payment = followed.data ?? start.data;
  if (payment?.state === 'paid') {
    // Kept in view after what was paid for says paid (it is read again once the payment is).
    return (
      <Alert color="green" icon={<IconCircleCheck size={20} />} role="status">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('pay.paid', { amount: formatAmount(payment.amount, payment.currency, language) })}
          </Text>
          <Text size="sm">
            {t('receipt.number')}: {receiptNumber(payment.id)} · {t(`receipt.methods.${payment.method}`)}
            {payment.paidAt && ` · ${formatDateTimeInZone(payment.paidAt, language)}`}
          </Text>
          <Anchor href={`/api/payments/${payment.id}/receipt.pdf?lang=${language}`} size="sm" download>
            {t('receipt.download')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (!due) return null;
  if (methods.length === 0) return noMethods;
  /** The price by `method`: the payment's own amount once there is one, else the price in its currency. */
  const amountBy = (method: Method) =>
    payment?.method === method
      ? formatAmount(payment.amount, payment.currency, language)
      : formatAmount(
          paymentAmount(amountUsd, PAYMENT_METHOD_CURRENCY[method], USD_TO_MNT),
          PAYMENT_METHOD_CURRENCY[method],
          language,
        );

  async function pay(method: Method) {
    try {
      const opened = await start.mutateAsync({ for: target, method });
      setPaymentId(opened.id);
      if (method === 'card' && opened.instructions?.checkoutUrl)
        window.location.assign(opened.instructions.checkoutUrl);
    } catch {
      // Shown below from the mutation's error.
    }
  }

  const open = payment && isOpenPayment(payment.state) ? payment : null;
  const ended = payment && !open;
  const label = (method: Method) => {
    if (open) return t(method === 'qpay' ? 'pay.qpayInstead' : 'pay.cardInstead', { amount: amountBy(method) });
    if (ended && method === 'qpay' && payment.method === 'qpay') return t('pay.again');
    return t(method === 'qpay' ? 'pay.button' : 'pay.card', { amount: amountBy(method) });
  };
  const choices = (
    <Stack gap="xs" align="flex-start">
      {ended && <Text size="sm">{t(payment.method === 'card' ? 'pay.cardEnded' : 'pay.expired')}</Text>}
      <Group gap="sm">
        {methods
          .filter((method) => method !== open?.method)
          .map((method) => (
            <Button
              key={method}
              {...WRAPPING}
              variant={open ? 'default' : 'filled'}
              leftSection={method === 'qpay' ? <IconQrcode size={18} /> : <IconCreditCard size={18} />}
              onClick={() => pay(method)}
              loading={start.isPending && start.variables?.method === method}
            >
              {label(method)}
            </Button>
          ))}
      </Group>
      {start.error && (
        <Alert color="red" role="alert">
          {errorMessage(start.error)}
        </Alert>
      )}
    </Stack>
  );
  if (!open) return choices;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {open.method === 'card' ? (
          <OpenCardPayment payment={open} amount={amountBy('card')} />
        ) : (
          <OpenQPayPayment payment={open} amount={amountBy('qpay')} />
        )}
        {choices}
      </Stack>
    </Paper>
  );
}

/** A QPay invoice waiting: its QR code, how long it works, the bank apps' links. */
function OpenQPayPayment({ payment, amount }: { payment: Payment; amount: string }) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const links = payment.instructions?.bankLinks ?? [];
  return (
    <>
      <Title order={3} size="h4">
        {t('pay.title', { amount })}
      </Title>
      <Group align="flex-start" gap="lg">
        {payment.instructions?.qrText && (
          <QrCode text={payment.instructions.qrText} label={t('pay.qrLabel', { amount })} />
        )}
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
    </>
  );
}

/** A card payment waiting: back to Stripe's page to finish it, followed here until Stripe confirms it. */
function OpenCardPayment({ payment, amount }: { payment: Payment; amount: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      <Title order={3} size="h4">
        {t('pay.cardTitle', { amount })}
      </Title>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('pay.cardWaiting')}
      </Text>
      {payment.instructions?.checkoutUrl && (
        <Button
          component="a"
          href={payment.instructions.checkoutUrl}
          leftSection={<IconCreditCard size={18} />}
          w="fit-content"
          {...WRAPPING}
        >
          {t('pay.cardContinue')}
        </Button>
      )}
    </>
  );
}
