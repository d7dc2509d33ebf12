import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsultationState } from '@aylal/shared/consultation-rules';

export const STATE_COLORS: Record<ConsultationState, string> = {
  pending: 'yellow',
  confirmed: 'teal',
  completed: 'blue',
  cancelled: 'gray',
  'no-show': 'red',
};

export function StateBadge({ state }: { state: ConsultationState }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={STATE_COLORS[state]} variant="light" style={{ flex: 'none' }}>
      {t(`consultations.states.${state}`)}
    </Badge>
  );
}
