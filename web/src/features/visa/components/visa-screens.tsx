import { VisaList } from './visa-list.tsx';
import { VisaApplicationScreen } from './visa-screen.tsx';

/** The applicant's visa screens, one lazy chunk: the list, an application's form, its review. */
export default function VisaScreens(props: { view: 'list' | 'edit' | 'review'; id: string }) {
  if (props.view === 'list') return <VisaList />;
  return <VisaApplicationScreen key={props.id} id={props.id} view={props.view} />;
}
