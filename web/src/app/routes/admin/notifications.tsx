import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';
import { StaffNotificationsTable } from '../../../features/notifications/components/staff-notifications-table.tsx';

/** /admin/notifications (spec section 2): the staff feed. */
export function Component() {
  const { t } = useTranslation(['admin', 'notifications']);
  return (
    <PageShell title={t('admin:nav.notifications')} intro={t('notifications:admin.intro')}>
      <StaffNotificationsTable />
    </PageShell>
  );
}
