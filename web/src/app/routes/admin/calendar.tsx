import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';
import { ConsultationCalendar } from '../../../features/admin-consultations/components/consultation-calendar.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <PageShell title={t('nav.calendar')} intro={t('calendar.intro')}>
      <ConsultationCalendar />
    </PageShell>
  );
}
