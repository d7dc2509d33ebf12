import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { RedirectHome, RequireAdmin, RequireUser } from './guards.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteError } from './route-error.tsx';
import type { AdminSectionKey } from './routes/admin/section.tsx';

const ADMIN_SECTIONS: { path: string; section: AdminSectionKey }[] = [
  { path: 'consultations', section: 'consultations' },
  { path: 'trips', section: 'trips' },
  { path: 'jobs', section: 'jobs' },
  { path: 'cv', section: 'cv' },
  { path: 'calendar', section: 'calendar' },
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
          { index: true, lazy: () => import('./routes/home.tsx') },
          { path: 'trips', lazy: () => import('./routes/trips.tsx') },
          { path: 'jobs', lazy: () => import('./routes/jobs.tsx') },
          { path: 'reset-password', lazy: () => import('./routes/reset-password.tsx') },
          {
            element: <RequireUser />,
            children: [
              { path: 'visa', lazy: () => import('./routes/visa.tsx') },
              { path: 'cv', lazy: () => import('./routes/cv.tsx') },
              { path: 'profile', lazy: () => import('./routes/profile.tsx') },
              { path: 'notifications', lazy: () => import('./routes/notifications.tsx') },
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
        lazy: async () => ({ Component: (await import('./layouts/admin-layout.tsx')).AdminLayout }),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: async () => ({ Component: (await import('./admin-redirect.tsx')).AdminRedirect }) },
              { path: 'dashboard', lazy: () => import('./routes/admin/dashboard.tsx') },
              { path: 'settings', lazy: () => import('./routes/admin/settings.tsx') },
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

export function createRouter() {
  return createBrowserRouter(routes);
}
