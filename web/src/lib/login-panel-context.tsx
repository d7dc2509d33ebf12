import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { rememberFocus } from './return-focus.ts';

export type LoginMode = 'login' | 'signup';

interface LoginPanelState {
  opened: boolean;
  mode: LoginMode;
  /** The email the panel opens with (after a password reset), if any. */
  email: string;
  /** Whether it opens at the second factor's code (back from Google to an account that has one). */
  askCode: boolean;
  open: (mode?: LoginMode, options?: { email?: string; askCode?: boolean }) => void;
  close: () => void;
  /** Gives focus back to what opened the panel, once it has closed (its code loads on the first open). */
  returnFocus: () => void;
  setMode: (mode: LoginMode) => void;
}

const LoginPanelContext = createContext<LoginPanelState | null>(null);

/** Lets any screen open the login side panel (the Login button, /visa when signed out, booking). */
export function LoginPanelProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<LoginMode>('login');
  const [email, setEmail] = useState('');
  const [askCode, setAskCode] = useState(false);
  const giveFocusBack = useRef<(() => void) | null>(null);
  const open = useCallback((next: LoginMode = 'login', options?: { email?: string; askCode?: boolean }) => {
    // Opened again from inside the panel (or over it), it keeps the first opener.
    if (!document.activeElement?.closest('[role="dialog"]')) giveFocusBack.current = rememberFocus();
    setMode(next);
    setEmail(options?.email ?? '');
    setAskCode(options?.askCode ?? false);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const returnFocus = useCallback(() => {
    giveFocusBack.current?.();
    giveFocusBack.current = null;
  }, []);
  const value = useMemo(
    () => ({ opened, mode, email, askCode, open, close, returnFocus, setMode }),
    [opened, mode, email, askCode, open, close, returnFocus],
  );
  return <LoginPanelContext.Provider value={value}>{children}</LoginPanelContext.Provider>;
}

export function useLoginPanel(): LoginPanelState {
  const value = useContext(LoginPanelContext);
  if (!value) throw new Error('useLoginPanel outside LoginPanelProvider');
  return value;
}
