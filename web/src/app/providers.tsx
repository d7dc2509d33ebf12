import type { ReactNode } from 'react';
import { LoginPanelProvider } from '../features/auth/login-panel-context.tsx';
import { CurrencyProvider } from '../features/currency/currency-context.tsx';

/** App-wide state every page may touch; the component library comes with the screens (ui-provider). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <CurrencyProvider>
      <LoginPanelProvider>{children}</LoginPanelProvider>
    </CurrencyProvider>
  );
}
