import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isActive } from '@aylal/shared/consultation-rules';
import { formatPrice } from '@aylal/shared/money';
import type { Consultation } from '@aylal/shared/schemas/consultations';
import { useLanguage } from '../../../lib/use-language.ts';
import classes from './consultations.module.css';

const PayFee = lazy(() => import('./pay-fee.tsx'));

/**
 * A consultation's fee on its card (decision 033): to pay while it is still ahead and unpaid
 * (paying confirms it), paid, or on its way back after a cancellation in time.
 */
export function ConsultationFee({ item }: { item: Consultation }) {
  const { t } = useTranslation('consultationBooking');
  const language = useLanguage();
  const fee = item.fee;
  if (!fee) return null;
  const amount = formatPrice(fee.amountUsd, 'USD', language);
  if (fee.refundedAt) return <p className={classes.fee}>{t('fee.refunded', { amount })}</p>;
  if (fee.refundDue && fee.paidAt) return <p className={classes.fee}>{t('fee.refunding', { amount })}</p>;
  if (fee.paidAt) return <p className={classes.fee}>{t('fee.paid', { amount })}</p>;
  if (!isActive(item.state) || Date.parse(item.startsAt) <= Date.now()) return null;
  return (
    <div className={classes.feeDue}>
      <p className={classes.fee}>{t('fee.due', { amount })}</p>
      <Suspense fallback={null}>
        <PayFee consultationId={item.id} amountUsd={fee.amountUsd} />
      </Suspense>
    </div>
  );
}
