import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { CrashBoundary } from './components/crash-boundary.tsx';
import { initI18n, initialLanguage } from './lib/i18n.ts';

// The language bundle and the first route's code load in parallel; rendering waits for the words.
const i18nReady = initI18n(initialLanguage());
const router = createRouter();

void i18nReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <CrashBoundary>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </CrashBoundary>
    </StrictMode>,
  );
});
