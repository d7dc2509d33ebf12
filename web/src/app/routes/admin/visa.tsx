import { VisaTable } from '../../../features/admin-visa/components/visa-table.tsx';
import { shellPage } from './shell-page.tsx';

/** /admin/visa: every submitted visa application. */
export const Component = shellPage({ title: 'nav.visa', intro: 'visa.intro' }, VisaTable);
