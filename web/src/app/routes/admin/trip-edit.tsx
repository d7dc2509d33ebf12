import { useAdminTrip } from '../../../features/admin-trips/api/admin-trips.ts';
import { TripForm } from '../../../features/admin-trips/forms/trip-form.tsx';
import { editPage } from './edit-page.tsx';

/** /admin/trips/new and /admin/trips/:id: the trip form; a new trip opens for editing once saved. */
export const Component = editPage({
  list: '/admin/trips',
  entity: 'trip',
  words: { back: 'tripForm.back', create: 'tripForm.createTitle', edit: 'tripForm.editTitle' },
  useRecord: useAdminTrip,
  form: (trip, onSaved) => <TripForm key={trip?.id ?? 'new'} trip={trip} onSaved={onSaved} />,
});
