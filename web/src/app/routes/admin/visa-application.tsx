import { useParams } from 'react-router';
import { VisaApplication } from '../../../features/admin-visa/components/visa-application.tsx';

/** /admin/visa/:id: one application (a staff notification links here). */
export function Component() {
  const { id = '' } = useParams();
  return <VisaApplication key={id} id={id} />;
}
