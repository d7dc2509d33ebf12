import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type DataRouter } from 'react-router';
import './app/global.css';
import { Providers } from './app/providers.tsx';
import { patchRoutes, routes } from './app/router.tsx';
import { CrashBoundary } from './components/crash-boundary.tsx';
import { refreshSession } from './lib/session.ts';
import { storedCurrency } from './lib/entities/currency.tsx';
import { initI18n, initialLanguage } from './lib/i18n.ts';
import { ssrState } from './lib/ssr.ts';
import { writeChoiceCookie } from './lib/storage.ts';

const root = document.getElementById('root')!;
const language = initialLanguage();
const currency = storedCurrency();
writeChoiceCookie('currency', currency);
// The server's HTML is taken over only if it was drawn as this reader sees the page (language,
// currency); otherwise the page is drawn afresh.
const server = ssrState();
const hydrate = Boolean(
  server && root.firstElementChild && server.language === language && server.currency === currency,
);

// The words, the session and the first screen's code load in parallel; drawing waits for the words.
const i18nReady = initI18n(language);
void refreshSession();

/** The routes of this address, loaded before hydration so the first render matches the server's. */
async function loadMatchedRoutes() {
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** Marks the page as live (drawn or hydrated, handlers attached): tests wait for it. */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

const app = (router: DataRouter) => (
  <StrictMode>
    <CrashBoundary>
      <Providers>
        <RouterProvider router={router} />
        <Ready />
      </Providers>
    </CrashBoundary>
  </StrictMode>
);

if (hydrate) {
  void i18nReady.then(async () => {
    try {
      await loadMatchedRoutes();
    } catch {
      // The screen's code did not arrive: drawn afresh, the router shows its error screen (Try Again).
      createRoot(root).render(app(createBrowserRouter(routes, { patchRoutesOnNavigation: patchRoutes })));
      return;
    }
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (one long task of 250-370 ms on a throttled phone).
    startTransition(() => {
      hydrateRoot(
        root,
        app(createBrowserRouter(routes, { hydrationData: { loaderData: {} }, patchRoutesOnNavigation: patchRoutes })),
      );
    });
  });
} else {
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation: patchRoutes });
  void i18nReady.then(() => createRoot(root).render(app(router)));
}
