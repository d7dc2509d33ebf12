import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { useSession } from '../lib/session.ts';
import { useLoginPanel } from '../lib/login-panel-context.tsx';

// Shown to signed-out visitors of an account page only: loaded then, off the landing route.
const Locked = lazy(() => import('./locked.tsx'));

/** Pages that need a login: 'Please login to access this page' and the login panel opens. */
export function RequireUser() {
  const session = useSession();
  const loginPanel = useLoginPanel();
  const signedOut = session.status === 'ready' && !session.user;
  useEffect(() => {
    // Already open (say at the second factor's code, back from Google): left as it is.
    if (signedOut && !loginPanel.opened) loginPanel.open('login');
  }, [signedOut]); // eslint-disable-line react-hooks/exhaustive-deps

  if (session.status === 'pending') return <PageLoader kind="auth" />;
  if (session.status === 'error') throw session.error;
  if (!session.user) {
    return (
      <Suspense fallback={<PageLoader kind="auth" />}>
        <Locked />
      </Suspense>
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
