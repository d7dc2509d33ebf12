import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';
import { ConsultationsTable } from '../../../features/admin-consultations/components/consultations-table.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <PageShell title={t('nav.consultations')} intro={t('consultations.intro')}>
      <ConsultationsTable />
    </PageShell>
  );
}
