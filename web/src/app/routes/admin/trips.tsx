import { TripsTable } from '../../../features/admin-trips/components/trips-table.tsx';
import { shellPage } from './shell-page.tsx';

/** /admin/trips: every trip, and a new one. */
export const Component = shellPage(
  { title: 'nav.trips', intro: 'trips.intro', create: { to: '/admin/trips/new', label: 'tripForm.newTrip' } },
  TripsTable,
);
