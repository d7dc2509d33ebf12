import { queryKeys } from '@aylal/shared/query-keys';
import { PayPanel } from '../../../components/pay-panel.tsx';
import { UiProvider } from '../../../components/ui-provider.tsx';

/**
 * Paying a consultation's fee by QPay or card (docs/decisions/033): the shared panel, drawn with the
 * component library, which this light page loads only when a fee is due.
 */
export default function PayFee({ consultationId, amountUsd }: { consultationId: string; amountUsd: number }) {
  return (
    <UiProvider>
      <PayPanel
        target={{ consultationId }}
        amountUsd={amountUsd}
        due
        paidKeys={[queryKeys.consultations.mine, queryKeys.consultations.slots]}
      />
    </UiProvider>
  );
}
