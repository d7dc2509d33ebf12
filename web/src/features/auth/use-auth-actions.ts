import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@aylal/shared/auth';
import { errorMessage } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { signOut } from './api/auth-api.ts';
import { getMe, meQueryOptions } from './api/get-me.ts';

/** What happens after a sign-in and at logout, in one place (spec section 4). */
export function useAuthActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();

  async function afterSignIn(kind: 'login' | 'signup'): Promise<SessionUser | null> {
    const me = await getMe();
    queryClient.setQueryData(meQueryOptions.queryKey, me);
    if (me?.role === 'admin') {
      notifySuccess(t('toast.welcomeAdmin'));
      navigate('/admin/dashboard');
    } else {
      notifySuccess(t(kind === 'signup' ? 'toast.signedUp' : 'toast.loggedIn'));
    }
    return me;
  }

  async function logout() {
    try {
      await signOut();
    } catch (error) {
      notifyError(errorMessage(error, 'AUTH_LOGOUT_FAILED'));
      return;
    }
    queryClient.setQueryData(meQueryOptions.queryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
    navigate('/');
    notifySuccess(t('toast.loggedOut'));
  }

  return { afterSignIn, logout };
}
