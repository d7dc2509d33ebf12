import type { ComponentProps } from 'react';
import { UiProvider } from '../../../components/ui-provider.tsx';
import DateCalendar from '../../../lib/forms/date-calendar.tsx';
import { loadNamespaces } from '../../../lib/i18n.ts';

// The calendar's own words (its buttons' names) load with its code.
await loadNamespaces(['forms']);

/**
 * The forms' month grid for the light trip filters, fetched the first time a calendar is opened
 * on /trips together with the component library it is drawn with, so the page itself carries
 * none of it (docs/decisions/006-light-landing-route.md, 029-date-inputs.md).
 */
export default function TripDateCalendar(props: ComponentProps<typeof DateCalendar>) {
  return (
    <UiProvider>
      <DateCalendar {...props} />
    </UiProvider>
  );
}
