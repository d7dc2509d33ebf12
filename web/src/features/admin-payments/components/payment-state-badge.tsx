import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentState } from '@aylal/shared/payment-rules';

const STATE_COLORS: Partial<Record<PaymentState, string>> = {
  paid: 'teal',
  pending: 'blue',
  refund_pending: 'orange',
  refund_failed: 'red',
  failed: 'red',
  refunded: 'gray',
  partially_refunded: 'grape',
};

/** A payment's state, in staff's words and a colour of its own. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant="light" color={STATE_COLORS[state] ?? 'gray'} maw="100%">
      {t(`payments.states.${state}`)}
    </Badge>
  );
}
