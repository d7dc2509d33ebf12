import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyInfo } from '../components/notify.ts';
import { useSession } from './session.ts';
import { useLoginPanel } from './login-panel-context.tsx';

/**
 * A screen's action that needs a login (book a consultation, apply for a job): signed in, it
 * opens at once; signed out, `loginMessage` and the login panel, and it opens by itself once the
 * visitor is in, unless they turned the panel down and logged in later from the header.
 */
export function useSignedInAction(loginMessage: string) {
  const session = useSession();
  const loginPanel = useLoginPanel();
  const [open, setOpen] = useState(false);
  // 'session': asked before the session was known; 'login': waiting for the visitor to log in.
  const [waiting, setWaiting] = useState<'session' | 'login' | null>(null);
  const signedIn = Boolean(session.user);
  const known = session.status !== 'pending';

  // Whether the login panel's next opening is ours or the visitor's own (the header).
  const openedForAction = useRef(false);
  const askToLogin = useCallback(() => {
    notifyInfo(loginMessage);
    setWaiting('login');
    openedForAction.current = true;
    loginPanel.open('login');
  }, [loginPanel, loginMessage]);

  useEffect(() => {
    if (!waiting) return;
    if (signedIn) {
      setWaiting(null);
      setOpen(true);
    } else if (waiting === 'session' && known) askToLogin();
  }, [waiting, signedIn, known, askToLogin]);

  // Dismissed, then opened again from the header: that login is not for this action any more.
  useEffect(() => {
    if (!loginPanel.opened) return;
    if (!openedForAction.current) setWaiting((current) => (current === 'login' ? null : current));
    openedForAction.current = false;
  }, [loginPanel.opened]);

  return {
    open,
    signedIn,
    start: () => {
      if (signedIn) setOpen(true);
      else if (!known) setWaiting('session');
      else askToLogin();
    },
    close: () => setOpen(false),
    /** The session ran out meanwhile: close, and ask to log in again. */
    askToLogin: () => {
      setOpen(false);
      askToLogin();
    },
  };
}
