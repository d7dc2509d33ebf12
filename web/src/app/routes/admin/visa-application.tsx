import { useParams } from 'react-router';
import { VisaPayments } from '../../../features/admin-payments/components/visa-payments.tsx';
import { VisaApplication } from '../../../features/admin-visa/components/visa-application.tsx';

/** /admin/visa/:id: one application (a staff notification links here), with its payments. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <VisaApplication
      key={id}
      id={id}
      payments={(applicationId, dueUsd) => <VisaPayments applicationId={applicationId} dueUsd={dueUsd} />}
    />
  );
}
