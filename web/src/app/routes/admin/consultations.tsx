import { ConsultationsTable } from '../../../features/admin-consultations/components/consultations-table.tsx';
import { shellPage } from './shell-page.tsx';

/** /admin/consultations: every booking, with filters. */
export const Component = shellPage({ title: 'nav.consultations', intro: 'consultations.intro' }, ConsultationsTable);
