import { useTranslation } from 'react-i18next';
import type { ConsultationState } from '@aylal/shared/consultation-rules';
import { ListBadge } from '../../../lib/lists/list-shell.tsx';

export const STATE_COLORS: Record<ConsultationState, string> = {
  pending: 'yellow',
  confirmed: 'teal',
  completed: 'blue',
  cancelled: 'gray',
  'no-show': 'red',
};

export function StateBadge({ state }: { state: ConsultationState }) {
  const { t } = useTranslation('admin');
  return <ListBadge color={STATE_COLORS[state]}>{t(`consultations.states.${state}`)}</ListBadge>;
}
