import { useTranslation } from 'react-i18next';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';

/** Spec section 9, in full. */
export function PolicyList() {
  const { t } = useTranslation('consultationBooking');
  return (
    <ul>
      <li>{t('policy.cancel')}</li>
      <li>{t('policy.lateFee')}</li>
      <li>{t('policy.noShow')}</li>
      <li>{t('policy.reschedule')}</li>
    </ul>
  );
}

/** A refusal the API explained, in its words; anything else: 'Failed to schedule consultation…'. */
export function useFailureMessage() {
  const { t } = useTranslation('consultationBooking');
  return (error: unknown) =>
    error instanceof ApiRequestError && error.status > 0 && error.status < 500
      ? errorMessage(error)
      : t('messages.failed');
}
