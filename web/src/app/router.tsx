import type { ComponentType } from 'react';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { ADMIN_AREA, PAGE_KEYS, pageNamespaces, pageOf, type PageDefinition } from '@aylal/shared/pages';
import { loadNamespaces } from '../lib/i18n.ts';
import { RedirectHome, RequireUser } from './guards.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteError } from './route-error.tsx';

export type RouteModule = { Component: ComponentType };

/**
 * A lazily loaded screen with the translation namespaces it reads, drawn inside the component
 * library and data cache (`mantine`), the data cache alone (`query`: light public screens), or
 * neither (`none`: the home page; admin screens, whose layout already provides them).
 */
export function page(load: () => Promise<RouteModule>, namespaces: string[], ui: PageDefinition['ui']) {
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

/**
 * Spec section 2: the public area, and every other path sent to /. The back office's routes
 * (/admin/*, admins only) are not in this table, which every page's JavaScript carries: the router
 * adds them (`patchRoutes`) the first time an /admin address is opened.
 */
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
];

let adminPatched = false;

/**
 * React Router's `patchRoutesOnNavigation`: the back office's route table, fetched the first time an
 * /admin address is opened (a failed fetch is tried again on the next navigation; meanwhile the
 * address falls to the catch-all).
 */
export const patchRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (adminPatched || (path !== ADMIN_AREA && !path.startsWith(`${ADMIN_AREA}/`))) return;
  const { adminRoutes } = await import('./admin-routes.tsx');
  if (adminPatched) return;
  adminPatched = true;
  patch(null, adminRoutes);
};
