import { lazy, Suspense, useEffect, useState } from 'react';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { useLoginPanel } from '../../features/auth/login-panel-context.tsx';
import { notifyError } from '../../lib/notify.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { Footer } from './footer.tsx';
import { PublicHeader } from './public-header.tsx';

// The login panel (forms, Google button) loads the first time it opens.
const LoginPanel = lazy(() =>
  import('../../features/auth/components/login-panel.tsx').then((module) => ({ default: module.LoginPanel })),
);

export function PublicLayout() {
  const loginPanel = useLoginPanel();
  const [panelEverOpened, setPanelEverOpened] = useState(false);
  useEffect(() => {
    if (loginPanel.opened) setPanelEverOpened(true);
  }, [loginPanel.opened]);
  const navigation = useNavigation();
  useDocumentTitle();
  useGoogleErrorFromUrl();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {useTranslation().t('publicNav:skipToContent')}
      </a>
      <PublicHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        {navigation.state === 'loading' && !navigation.location.pathname.startsWith('/admin') ? (
          <PageLoader />
        ) : (
          <Outlet />
        )}
      </Box>
      <Footer />
      {panelEverOpened && (
        <Suspense fallback={null}>
          <LoginPanel />
        </Suspense>
      )}
    </Box>
  );
}

/** Google sign-in comes back to /?authError=google&error=<reason> when it fails (spec section 8). */
function useGoogleErrorFromUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const loginPanel = useLoginPanel();
  const { t } = useTranslation();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('authError')) return;
    const reason = params.get('error');
    notifyError(t(reason === 'email_not_found' ? 'error:AUTH_GOOGLE_EMAIL_NOT_FOUND' : 'error:AUTH_GOOGLE_FAILED'));
    params.delete('authError');
    params.delete('error');
    params.delete('error_description');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    loginPanel.open('login');
  }, [location.search]); // eslint-disable-line react-hooks/exhaustive-deps
}
