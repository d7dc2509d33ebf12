import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';

// The page's many form parts load with it, not with the app: their chunk names stay out of the
// landing route's JavaScript (`npm run bench:web`).
const ProfileScreen = lazy(() =>
  import('../../features/profile/components/profile-screen.tsx').then((module) => ({ default: module.ProfileScreen })),
);

/** /profile: the person's details, how we keep in touch, and their account. */
export function Component() {
  return (
    <Suspense fallback={<PageLoader />}>
      <ProfileScreen />
    </Suspense>
  );
}
