import { Anchor, Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentState } from '@aylal/shared/payment-rules';
import { ListBadge } from '../../../lib/lists/list-shell.tsx';
import { useLanguage } from '../../../lib/use-language.ts';

const STATE_COLORS: Partial<Record<PaymentState, string>> = {
  paid: 'teal',
  pending: 'blue',
  refund_pending: 'orange',
  refund_failed: 'red',
  failed: 'red',
  refunded: 'gray',
  partially_refunded: 'grape',
};

/** A payment's state, in staff's words and a colour of its own; whole in a list's `fit` column (`inList`). */
export function PaymentStateBadge({ state, inList = false }: { state: PaymentState; inList?: boolean }) {
  const { t } = useTranslation('admin');
  const color = STATE_COLORS[state] ?? 'gray';
  const label = t(`payments.states.${state}`);
  return inList ? (
    <ListBadge color={color}>{label}</ListBadge>
  ) : (
    <Badge variant="light" color={color} maw="100%">
      {label}
    </Badge>
  );
}

/** A paid payment's receipt, as its payer gets it, in the reader's language. */
export function ReceiptLink({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <Anchor href={`/api/payments/${id}/receipt.pdf?lang=${language}`} size="sm" download className="nowrap">
      {t('payments.receipt')}
    </Anchor>
  );
}
