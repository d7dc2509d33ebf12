import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';
import { VisaTable } from '../../../features/admin-visa/components/visa-table.tsx';

/** /admin/visa: every submitted visa application. */
export function Component() {
  const { t } = useTranslation('admin');
  return (
    <PageShell title={t('nav.visa')} intro={t('visa.intro')}>
      <VisaTable />
    </PageShell>
  );
}
