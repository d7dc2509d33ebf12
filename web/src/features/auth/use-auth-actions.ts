import { useNavigate, type NavigateFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SessionUser } from '@aylal/shared/schemas/auth';
import { errorMessage } from '../../lib/api-client.ts';
import { loadNamespaces, withErrorMessages } from '../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { signOut } from './api/auth-api.ts';
import { forgetSignedIn, getMe, setSessionUser } from '../../lib/session.ts';

/** What the steps after a sign-in and at logout need of the screen they start from. */
export interface AuthTools {
  navigate: NavigateFunction;
  t: TFunction<['common', 'error']>;
}

/** How a sign-in came about: a new account (the sign-up form's, or one Google just made), an
 * account's first sign-in otherwise (a seeded one), or a returning one ('login', and Google's and an
 * emailed link's own). */
export type SignInKind = 'signup' | 'new' | 'login';

/**
 * After a sign-in (spec section 4): the account read back, the welcome, an admin to the back
 * office. A plain function, so the always-present layout can load it only when a sign-in came back.
 * An admin's first sign-in is welcomed by name; "Welcome back, Admin!" is for one who was here before.
 */
export async function afterSignIn(kind: SignInKind, { navigate, t }: AuthTools): Promise<SessionUser | null> {
  let me: SessionUser | null;
  try {
    me = await getMe();
  } catch {
    // Signed in, but the account could not be read back: the spec's general login failure.
    await withErrorMessages().catch(() => undefined);
    notifyError(t('error:AUTH_LOGIN_FAILED'));
    return null;
  }
  setSessionUser(me);
  if (me?.role === 'admin') {
    if (kind === 'signup' || kind === 'new') {
      // In the back office's words, loaded now: the admin is on the way there.
      await loadNamespaces(['admin']).catch(() => undefined);
      notifySuccess(t('welcomeNew', { ns: 'admin', name: me.name }));
    } else {
      notifySuccess(t('toast.welcomeAdmin'));
    }
    navigate('/admin/dashboard');
  } else {
    notifySuccess(t(kind === 'signup' ? 'toast.signedUp' : 'toast.loggedIn'));
  }
  return me;
}

async function logout({ navigate, t }: AuthTools) {
  // This browser's pushes belong to the person leaving (while they are still signed in to say so).
  await import('../../lib/push.ts').then((push) => push.forgetDevice()).catch(() => undefined);
  try {
    await signOut();
  } catch (error) {
    await withErrorMessages().catch(() => undefined);
    notifyError(errorMessage(error, 'AUTH_LOGOUT_FAILED'));
    return;
  }
  forgetSignedIn();
  navigate('/');
  notifySuccess(t('toast.loggedOut'));
}

/** What happens after a sign-in and at logout, in one place (spec section 4). */
export function useAuthActions() {
  const navigate = useNavigate();
  const { t } = useTranslation(['common', 'error']);
  const tools = { navigate, t };
  return {
    afterSignIn: (kind: SignInKind) => afterSignIn(kind, tools),
    logout: () => logout(tools),
  };
}
