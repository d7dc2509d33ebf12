import { useTranslation } from 'react-i18next';
import type { VisaPaymentState, VisaState } from '@aylal/shared/visa-rules';
import { ListBadge } from '../../../lib/lists/list-shell.tsx';

export const VISA_STATE_COLORS: Record<VisaState, string> = {
  draft: 'gray',
  submitted: 'yellow',
  'in-review': 'blue',
  'action-required': 'orange',
  lodged: 'violet',
  approved: 'teal',
  refused: 'red',
  withdrawn: 'gray',
};

/** Text colours that read on white (the list writes the payment's state as words, not a badge). */
export const PAYMENT_COLORS: Record<VisaPaymentState, string> = {
  'awaiting-payment': 'orange.8',
  paid: 'teal.8',
  waived: 'blue.8',
  refunded: 'gray.7',
};

export function VisaStateBadge({ state }: { state: VisaState }) {
  const { t } = useTranslation('visaApplicationForm');
  return <ListBadge color={VISA_STATE_COLORS[state]}>{t(`states.${state}`)}</ListBadge>;
}

export function PaymentBadge({ state }: { state: VisaPaymentState }) {
  const { t } = useTranslation('visaApplicationForm');
  return (
    <ListBadge color={PAYMENT_COLORS[state].split('.')[0]} variant="outline">
      {t(`paymentStates.${state}`)}
    </ListBadge>
  );
}
