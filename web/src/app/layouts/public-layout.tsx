import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { notifyError } from '../../components/notify.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { useLoginPanel } from '../../lib/login-panel-context.tsx';
import { withErrorMessages } from '../../lib/i18n.ts';
import { PageScroll } from '../page-scroll.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { Footer } from './footer.tsx';
import { PublicHeader } from './public-header.tsx';
import classes from './public-layout.module.css';

// The login panel (forms, Google button) loads the first time it opens.
const LoginPanel = lazy(() => import('./login-panel-host.tsx'));

export function PublicLayout() {
  const { t } = useTranslation(['common', 'publicNav']);
  const navigation = useNavigation();
  const loginPanel = useLoginPanel();
  const [panelEverOpened, setPanelEverOpened] = useState(false);
  useEffect(() => {
    if (loginPanel.opened) setPanelEverOpened(true);
  }, [loginPanel.opened]);
  useDocumentTitle();
  useOAuthResultFromUrl();

  const loadingPage = navigation.state === 'loading' && !navigation.location.pathname.startsWith('/admin');
  return (
    <div className={classes.page}>
      <PageScroll />
      <a href="#main" className="skip-link">
        {t('publicNav:skipToContent')}
      </a>
      <PublicHeader />
      <main id="main" className={classes.main}>
        {loadingPage ? <PageLoader /> : <Outlet />}
      </main>
      <Footer />
      {panelEverOpened && (
        <Suspense fallback={null}>
          <LoginPanel />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Google sign-in comes back to the page it started from with `authSuccess`, or to
 * /?authError=google&error=<reason> when it fails (spec section 8), or with `twoFactor` when the
 * account has a second factor: the login panel then asks for its code (docs/decisions/023); an
 * emailed sign-in link to /?authSuccess=link, or /?authError=link when it expired or was used
 * (decision 022).
 */
function useOAuthResultFromUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const loginPanel = useLoginPanel();
  const { t } = useTranslation(['common', 'error']);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    // How: `google`, `link` or, for an account Google just made, `new` (auth-api.ts): a sign-up.
    const succeeded = params.get('authSuccess');
    const failed = params.has('authError');
    const askCode = params.has('twoFactor');
    if (!succeeded && !failed && !askCode) return;
    const reason = params.get('error');
    const fromLink = params.get('authError') === 'link';
    for (const key of ['authSuccess', 'authError', 'error', 'error_description', 'twoFactor']) params.delete(key);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    if (askCode) {
      loginPanel.open('login', { askCode: true });
      return;
    }
    if (succeeded) {
      // The steps after a sign-in load only when one came back.
      void import('../../features/auth/use-auth-actions.ts').then((auth) =>
        auth.afterSignIn(succeeded === 'new' ? 'signup' : 'login', { navigate, t }),
      );
      return;
    }
    // A sign-in link by email (decision 022) that expired or was used already, or Google's refusal.
    const message = fromLink
      ? 'error:AUTH_LINK_INVALID'
      : reason === 'email_not_found'
        ? 'error:AUTH_GOOGLE_EMAIL_NOT_FOUND'
        : 'error:AUTH_GOOGLE_FAILED';
    void withErrorMessages()
      .catch(() => undefined)
      .then(() => notifyError(t(message)));
    loginPanel.open('login');
  }, [location.search]); // eslint-disable-line react-hooks/exhaustive-deps
}
