import { useMemo } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatAmount } from '@aylal/shared/money';
import { RefundRequestSchema, type Payment } from '@aylal/shared/schemas/payments';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { runAction } from '../../../lib/run-action.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useRefundPayment } from '../api/admin-payments.ts';

/** How much to give back (in the currency's major unit on screen) and why. */
export function RefundDialog({
  payment,
  visaApplicationId,
  onClose,
}: {
  payment: Payment;
  /** The application it paid for, whose page is read again after. */
  visaApplicationId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const language = useLanguage();
  const refund = useRefundPayment(visaApplicationId);
  const left = payment.amount - payment.refunded;
  const wholeOnly = payment.method === 'qpay';
  const leftText = formatAmount(left, payment.currency, language);
  // On screen in dollars or tögrög; the server takes minor units.
  const schema = useMemo(
    () =>
      z.object({
        amount: z
          .number()
          .positive()
          .max(left / 100),
        reason: RefundRequestSchema.shape.reason,
      }),
    [left],
  );
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema,
    initialValues: { amount: left / 100, reason: '' },
  });

  const submit = onSubmit(async ({ amount, reason }) => {
    const minor = Math.round(amount * 100);
    const done = await runAction(
      () => refund.mutateAsync({ id: payment.id, amount: minor === left ? undefined : minor, reason }),
      t('payments.refundDone', { amount: formatAmount(minor, payment.currency, language) }),
      { shown: showServerErrors },
    );
    if (done) onClose();
  });

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={t('payments.refundTitle', {
        amount: formatAmount(payment.amount, payment.currency, language),
        method: t(`payments.methods.${payment.method}`),
      })}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <NumberInput
            label={t('payments.refundAmount')}
            description={
              wholeOnly
                ? t('payments.refundWholeOnly', { amount: leftText })
                : t('payments.refundAmountHint', { amount: leftText })
            }
            prefix={payment.currency === 'USD' ? '$' : '₮'}
            thousandSeparator=","
            decimalScale={payment.currency === 'USD' ? 2 : 0}
            allowNegative={false}
            disabled={wholeOnly}
            {...form.getInputProps('amount')}
          />
          <Textarea
            label={t('payments.refundReason')}
            description={t('payments.refundReasonHint')}
            autosize
            minRows={2}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" color="red" loading={refund.isPending}>
              {t('payments.refund')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
