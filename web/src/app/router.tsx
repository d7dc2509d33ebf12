import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { RedirectHome, RequireAdmin, RequireUser } from './guards.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteError } from './route-error.tsx';
import type { AdminSectionKey } from './routes/admin/section.tsx';

type RouteModule = { Component: ComponentType };

/**
 * A lazily loaded screen with the translation namespaces it reads (the error messages too, but
 * for the light home page), drawn inside the component library and data cache (`mantine`), the
 * data cache alone (`query`: light public screens), or neither (`none`: the home page; admin
 * screens, whose layout already provides them).
 */
function page(
  load: () => Promise<RouteModule>,
  words: string[] = [],
  { ui = 'mantine', errors = true }: { ui?: 'mantine' | 'query' | 'none'; errors?: boolean } = {},
) {
  const namespaces = errors ? [...words, 'error'] : words;
  return async (): Promise<RouteModule> => {
    const [module, provider] = await Promise.all([
      load(),
      ui === 'mantine'
        ? import('../components/ui-provider.tsx').then((m) => m.UiProvider)
        : ui === 'query'
          ? import('../components/query-provider.tsx').then((m) => m.QueryProvider)
          : null,
      loadNamespaces(namespaces),
    ]);
    if (!provider) return module;
    const Provider = provider;
    const Screen = module.Component;
    return {
      Component: () => (
        <Provider>
          <Screen />
        </Provider>
      ),
    };
  };
}

const ADMIN_SECTIONS: { path: string; section: AdminSectionKey }[] = [
  { path: 'contact-us', section: 'contactUs' },
  { path: 'notifications', section: 'notifications' },
];

/** Spec section 2: the public area, /admin/* for admins only, and every other path sent to /. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: page(() => import('./routes/home.tsx'), ['landing', 'landingNew'], { ui: 'none', errors: false }),
          },
          { path: 'trips', lazy: page(() => import('./routes/trips.tsx'), ['tripsList'], { ui: 'query' }) },
          {
            path: 'trips/:id',
            lazy: page(() => import('./routes/trip.tsx'), ['tripDetails', 'tripsList', 'transport'], { ui: 'query' }),
          },
          { path: 'jobs', lazy: page(() => import('./routes/jobs.tsx'), ['jobs'], { ui: 'query' }) },
          { path: 'jobs/:id', lazy: page(() => import('./routes/job.tsx'), ['jobs'], { ui: 'query' }) },
          { path: 'reset-password', lazy: page(() => import('./routes/reset-password.tsx'), ['auth']) },
          {
            element: <RequireUser />,
            children: [
              { path: 'visa', lazy: page(() => import('./routes/visa.tsx'), ['visaApplicationForm']) },
              { path: 'cv', lazy: page(() => import('./routes/cv.tsx'), ['cv', 'forms']) },
              {
                path: 'applications',
                lazy: page(() => import('./routes/applications.tsx'), ['jobs'], { ui: 'query' }),
              },
              { path: 'profile', lazy: page(() => import('./routes/profile.tsx'), ['profile']) },
              { path: 'notifications', lazy: page(() => import('./routes/notifications.tsx')) },
              {
                path: 'consultations',
                lazy: page(() => import('./routes/consultations.tsx'), ['consultationBooking'], { ui: 'query' }),
              },
            ],
          },
          { path: '*', element: <RedirectHome /> },
        ],
      },
    ],
  },
  {
    path: '/admin',
    element: <RequireAdmin />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      {
        // The back office's layout carries the component library for every admin screen.
        lazy: page(
          async () => ({ Component: (await import('./layouts/admin-layout.tsx')).AdminLayout }),
          ['admin', 'forms'],
        ),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: async () => ({ Component: (await import('./admin-redirect.tsx')).AdminRedirect }) },
              { path: 'dashboard', lazy: page(() => import('./routes/admin/dashboard.tsx'), [], { ui: 'none' }) },
              { path: 'settings', lazy: page(() => import('./routes/admin/settings.tsx'), [], { ui: 'none' }) },
              { path: 'trips', lazy: page(() => import('./routes/admin/trips.tsx'), ['tripsList'], { ui: 'none' }) },
              {
                path: 'consultations',
                lazy: page(() => import('./routes/admin/consultations.tsx'), ['tripsList'], { ui: 'none' }),
              },
              { path: 'calendar', lazy: page(() => import('./routes/admin/calendar.tsx'), [], { ui: 'none' }) },
              { path: 'jobs', lazy: page(() => import('./routes/admin/jobs.tsx'), ['jobs'], { ui: 'none' }) },
              ...['jobs/new', 'jobs/:id'].map((path) => ({
                path,
                lazy: page(() => import('./routes/admin/job-edit.tsx'), ['jobs'], { ui: 'none' }),
              })),
              { path: 'cv', lazy: page(() => import('./routes/admin/cv.tsx'), ['jobs', 'cv'], { ui: 'none' }) },
              ...['trips/new', 'trips/:id'].map((path) => ({
                path,
                lazy: page(() => import('./routes/admin/trip-edit.tsx'), ['tripsList', 'tripDetails', 'transport'], {
                  ui: 'none',
                }),
              })),
              ...ADMIN_SECTIONS.map(({ path, section }) => ({
                path,
                lazy: async () => {
                  const { AdminSection } = await import('./routes/admin/section.tsx');
                  return { Component: () => <AdminSection section={section} /> };
                },
              })),
              { path: '*', element: <RedirectHome /> },
            ],
          },
        ],
      },
    ],
  },
];
