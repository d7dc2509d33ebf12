import { ListBadge } from '../../../lib/lists/list-shell.tsx';
import { useTranslation } from 'react-i18next';
import type { ContactState } from '@aylal/shared/contact-rules';

export const CONTACT_STATE_COLORS: Record<ContactState, string> = {
  new: 'blue',
  open: 'cyan',
  waiting: 'yellow',
  resolved: 'teal',
  spam: 'gray',
};

export function ContactStateBadge({ state }: { state: ContactState }) {
  const { t } = useTranslation('admin');
  return <ListBadge color={CONTACT_STATE_COLORS[state]}>{t(`contact.states.${state}`)}</ListBadge>;
}
