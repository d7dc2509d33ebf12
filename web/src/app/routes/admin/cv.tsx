import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';
import { ApplicationsTable } from '../../../features/admin-jobs/components/applications-table.tsx';

/** /admin/cv: applications and the CVs they carried. */
export function Component() {
  const { t } = useTranslation('admin');
  return (
    <PageShell title={t('nav.cv')} intro={t('applicationsAdmin.intro')}>
      <ApplicationsTable />
    </PageShell>
  );
}
