import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';

// The page's many form parts load with it, not with the app: their chunk names stay out of the
// landing route's JavaScript (`npm run bench:web`).
const ProfileScreen = lazy(() =>
  import('../../features/profile/components/profile-screen.tsx').then((module) => ({ default: module.ProfileScreen })),
);

// Two-step sign-in and passkeys (docs/decisions/023): their own feature, drawn after the account section.
const SecondFactorSection = lazy(() =>
  import('../../features/second-factor/components/second-factor-section.tsx').then((module) => ({
    default: module.SecondFactorSection,
  })),
);
const PasskeysSection = lazy(() =>
  import('../../features/second-factor/components/passkeys-section.tsx').then((module) => ({
    default: module.PasskeysSection,
  })),
);

/** /profile: the person's details, how we keep in touch, their account, its two-step sign-in and passkeys. */
export function Component() {
  return (
    <Suspense fallback={<PageLoader />}>
      <ProfileScreen
        security={
          <Suspense fallback={null}>
            <SecondFactorSection />
            <PasskeysSection />
          </Suspense>
        }
      />
    </Suspense>
  );
}
