import { ApplicationsTable } from '../../../features/admin-jobs/components/applications-table.tsx';
import { shellPage } from './shell-page.tsx';

/** /admin/cv: applications and the CVs they carried. */
export const Component = shellPage({ title: 'nav.cv', intro: 'applicationsAdmin.intro' }, ApplicationsTable);
