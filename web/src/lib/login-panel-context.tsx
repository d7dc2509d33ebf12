import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

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
  setMode: (mode: LoginMode) => void;
}

const LoginPanelContext = createContext<LoginPanelState | null>(null);

/** Lets any screen open the login side panel (the Login button, /visa when signed out, booking). */
export function LoginPanelProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<LoginMode>('login');
  const [email, setEmail] = useState('');
  const [askCode, setAskCode] = useState(false);
  const open = useCallback((next: LoginMode = 'login', options?: { email?: string; askCode?: boolean }) => {
    setMode(next);
    setEmail(options?.email ?? '');
    setAskCode(options?.askCode ?? false);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const value = useMemo(
    () => ({ opened, mode, email, askCode, open, close, setMode }),
    [opened, mode, email, askCode, open, close],
  );
  return <LoginPanelContext.Provider value={value}>{children}</LoginPanelContext.Provider>;
}

export function useLoginPanel(): LoginPanelState {
  const value = useContext(LoginPanelContext);
  if (!value) throw new Error('useLoginPanel outside LoginPanelProvider');
  return value;
}
