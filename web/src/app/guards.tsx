import { useEffect } from 'react';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { useSession } from '../lib/session.ts';
import { useLoginPanel } from '../lib/login-panel-context.tsx';
import classes from './guards.module.css';

/** Pages that need a login: 'Please login to access this page' and the login panel opens. */
export function RequireUser() {
  const session = useSession();
  const loginPanel = useLoginPanel();
  const { t } = useTranslation();
  const signedOut = session.status === 'ready' && !session.user;
  useEffect(() => {
    if (signedOut) loginPanel.open('login');
  }, [signedOut]); // eslint-disable-line react-hooks/exhaustive-deps

  if (session.status === 'pending') return <PageLoader kind="auth" />;
  if (session.status === 'error') throw session.error;
  if (!session.user) {
    return (
      <div className={classes.locked}>
        <IconLock size={48} stroke={1.4} color="var(--brand-8)" aria-hidden="true" />
        <h1>{t('pleaseLogin')}</h1>
        <button type="button" className="btn btn-primary" onClick={() => loginPanel.open('login')}>
          {t('loginToContinue')}
        </button>
      </div>
    );
  }
  return <Outlet />;
}

/** /admin/*: admins only; anyone else is sent to /. The server refuses them as well. */
export function RequireAdmin() {
  const session = useSession();
  if (session.status === 'pending') return <PageLoader kind="auth" />;
  if (session.status === 'error') throw session.error;
  if (session.user?.role !== 'admin') return <Navigate to="/" replace />;
  return <Outlet />;
}

export function RedirectHome() {
  return <Navigate to="/" replace />;
}
