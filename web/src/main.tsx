import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app/global.css';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { CrashBoundary } from './components/crash-boundary.tsx';
import { refreshSession } from './features/auth/api/get-me.ts';
import { initI18n, initialLanguage } from './lib/i18n.ts';

// The words, the session and the first screen's code load in parallel; rendering waits for the words.
const i18nReady = initI18n(initialLanguage());
void refreshSession();
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
