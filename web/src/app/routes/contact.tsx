import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';

// The form and its schema load with the page, not with the app (npm run bench:web).
const ContactScreen = lazy(() =>
  import('../../features/contact/components/contact-screen.tsx').then((module) => ({ default: module.ContactScreen })),
);

/** /contact: the contact form (linked from the navigation, the footer, trips, jobs and the visa page). */
export function Component() {
  return (
    <Suspense fallback={<PageLoader />}>
      <ContactScreen />
    </Suspense>
  );
}
