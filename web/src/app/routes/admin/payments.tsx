import { PaymentsTable } from '../../../features/admin-payments/components/payments-table.tsx';
import { shellPage } from './shell-page.tsx';

/** /admin/payments: every payment, for staff to follow and refund. */
export const Component = shellPage({ title: 'nav.payments', intro: 'payments.intro' }, PaymentsTable);
