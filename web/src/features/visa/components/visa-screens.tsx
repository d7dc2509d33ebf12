import { VisaList } from './visa-list.tsx';
import { VisaApplicationScreen } from './visa-screen.tsx';

/** The applicant's visa screens, one lazy chunk: the list, an application's form, its review. */
export default function VisaScreens(props: {
  view: 'list' | 'edit' | 'review';
  id: string;
  /** A USD amount in the reader's currency (the app's currency choice, composed in app/). */
  formatPrice: (usd: number) => string;
}) {
  if (props.view === 'list') return <VisaList formatPrice={props.formatPrice} />;
  return <VisaApplicationScreen key={props.id} id={props.id} view={props.view} formatPrice={props.formatPrice} />;
}
