import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '@aylal/shared/query-keys';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import { PayPanel } from '../../../components/pay-panel.tsx';

/**
 * Paying the processing an applicant chose (docs/decisions/033); with no way of paying offered
 * here, the promise that we will tell them how.
 */
export function PayProcessing({ application }: { application: VisaApplication }) {
  const { t } = useTranslation('visaApplicationForm');
  const due = application.payment;
  return (
    <PayPanel
      target={{ visaApplicationId: application.id }}
      amountUsd={due?.amountUsd ?? 0}
      due={due?.state === 'awaiting-payment'}
      paidKeys={[queryKeys.visa.detail(application.id), queryKeys.visa.mine]}
      noMethods={
        <Text size="sm" c="dimmed">
          {t('confirmation.paymentHint')}
        </Text>
      }
    />
  );
}
