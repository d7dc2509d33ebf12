import { lazy, Suspense } from 'react';
import { useMatches, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';

// The visa screens load as a chunk of their own from here, so the router's list of what each page
// loads names only this file, and the landing route stays within its budget (npm run bench:web).
const VisaScreens = lazy(() => import('../../features/visa/components/visa-screens.tsx'));

/**
 * /visa (the person's applications), /visa/:id (the form while it may be changed, else where it
 * stands) and /visa/:id/review (check, then submit or send again). Signed out: the router's guard
 * says 'Please login to access this page' and opens the login panel.
 */
export function Component() {
  const { id = '' } = useParams();
  const page = (useMatches().at(-1)?.handle as { page?: string } | undefined)?.page;
  return (
    <Suspense fallback={<PageLoader />}>
      <VisaScreens view={page === 'visaReview' ? 'review' : page === 'visaApplication' ? 'edit' : 'list'} id={id} />
    </Suspense>
  );
}
