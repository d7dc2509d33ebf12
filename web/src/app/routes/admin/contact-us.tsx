import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageShell } from '../../../components/page-shell.tsx';
import { ContactConversation } from '../../../features/admin-contact/components/contact-conversation.tsx';
import { ContactTable } from '../../../features/admin-contact/components/contact-table.tsx';

/** /admin/contact-us: the inbox; /admin/contact-us/:id one conversation (a staff notification links there). */
export function Component() {
  const { t } = useTranslation('admin');
  const id = useParams()['*'] ?? '';
  if (id) return <ContactConversation key={id} id={id} />;
  return (
    <PageShell title={t('nav.contactUs')} intro={t('contact.intro')}>
      <ContactTable />
    </PageShell>
  );
}
