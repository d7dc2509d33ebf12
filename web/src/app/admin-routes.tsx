import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { RedirectHome, RequireAdmin } from './guards.tsx';
import { RouteError } from './route-error.tsx';
import { page, type RouteModule } from './router.tsx';
import type { AdminSectionKey } from './routes/admin/section.tsx';

// The back office's route table (/admin/*, admins only), its own chunk: the router adds it the
// first time an /admin address is opened (`patchRoutes` in app/router.tsx), so visitors' pages
// do not carry it.

/** A back-office screen: the admin layout already carries the component library and data cache. */
const adminPage = (load: () => Promise<RouteModule>, words: string[] = []) => page(load, [...words, 'error'], 'none');

const ADMIN_SECTIONS: { path: string; section: AdminSectionKey }[] = [
  // The inbox and each conversation (/admin/contact-us/:id) are one screen.
  { path: 'contact-us/*', section: 'contactUs' },
  { path: 'notifications', section: 'notifications' },
];

export const adminRoutes: RouteObject[] = [
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
          ['admin', 'error', 'forms'],
          'mantine',
        ),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: async () => ({ Component: (await import('./admin-redirect.tsx')).AdminRedirect }) },
              { path: 'dashboard', lazy: adminPage(() => import('./routes/admin/dashboard.tsx'), []) },
              { path: 'settings', lazy: adminPage(() => import('./routes/admin/settings.tsx'), []) },
              { path: 'trips', lazy: adminPage(() => import('./routes/admin/trips.tsx'), ['tripsList']) },
              {
                path: 'consultations',
                lazy: adminPage(() => import('./routes/admin/consultations.tsx'), ['tripsList']),
              },
              { path: 'calendar', lazy: adminPage(() => import('./routes/admin/calendar.tsx'), []) },
              {
                path: 'visa',
                lazy: adminPage(() => import('./routes/admin/visa.tsx'), ['visaApplicationForm']),
              },
              {
                path: 'visa/:id',
                lazy: adminPage(() => import('./routes/admin/visa-application.tsx'), ['visaApplicationForm']),
              },
              { path: 'payments', lazy: adminPage(() => import('./routes/admin/payments.tsx'), []) },
              { path: 'jobs', lazy: adminPage(() => import('./routes/admin/jobs.tsx'), ['jobs']) },
              ...['jobs/new', 'jobs/:id'].map((path) => ({
                path,
                lazy: adminPage(() => import('./routes/admin/job-edit.tsx'), ['jobs']),
              })),
              { path: 'cv', lazy: adminPage(() => import('./routes/admin/cv.tsx'), ['jobs', 'cv']) },
              ...['trips/new', 'trips/:id'].map((path) => ({
                path,
                lazy: adminPage(
                  () => import('./routes/admin/trip-edit.tsx'),
                  ['tripsList', 'tripDetails', 'transport'],
                ),
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
