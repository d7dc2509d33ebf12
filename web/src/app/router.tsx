import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { PAGE_KEYS, pageNamespaces, pageOf, type PageDefinition } from '@aylal/shared/pages';
import { loadNamespaces } from '../lib/i18n.ts';
import { RedirectHome, RequireAdmin, RequireUser } from './guards.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteError } from './route-error.tsx';
import type { AdminSectionKey } from './routes/admin/section.tsx';

type RouteModule = { Component: ComponentType };

/**
 * A lazily loaded screen with the translation namespaces it reads, drawn inside the component
 * library and data cache (`mantine`), the data cache alone (`query`: light public screens), or
 * neither (`none`: the home page; admin screens, whose layout already provides them).
 */
function page(load: () => Promise<RouteModule>, namespaces: string[], ui: PageDefinition['ui']) {
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

/** A back-office screen: the admin layout already carries the component library and data cache. */
const adminPage = (load: () => Promise<RouteModule>, words: string[] = []) => page(load, [...words, 'error'], 'none');

// Every public screen, each its own chunk, loaded when its route is first shown.
const SCREENS = import.meta.glob<RouteModule>(['./routes/*.tsx', '!./routes/section-page.tsx']);

/** The public pages of shared/src/pages.ts as routes under the public layout. */
function publicRoutes(access: PageDefinition['access']): RouteObject[] {
  return PAGE_KEYS.flatMap((key) => {
    const definition = pageOf(key);
    if (definition.access !== access) return [];
    // Every screen is there (app/screens.test.ts).
    const lazy = page(SCREENS[`./routes/${definition.screen}.tsx`]!, pageNamespaces(key), definition.ui);
    const handle = { page: key };
    return [definition.path === '/' ? { index: true, lazy, handle } : { path: definition.path.slice(1), lazy, handle }];
  });
}

const ADMIN_SECTIONS: { path: string; section: AdminSectionKey }[] = [
  // The inbox and each conversation (/admin/contact-us/:id) are one screen.
  { path: 'contact-us/*', section: 'contactUs' },
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
          ...publicRoutes('public'),
          { element: <RequireUser />, children: publicRoutes('account') },
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
