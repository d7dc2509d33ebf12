import type { ReactNode } from 'react';
import type { Currency } from '@aylal/shared/money';
import { LoginPanelProvider } from '../lib/login-panel-context.tsx';
import { CurrencyProvider } from '../lib/entities/currency.tsx';

/** App-wide state every page may touch; the component library comes with the screens (ui-provider). */
export function Providers({ children, initialCurrency }: { children: ReactNode; initialCurrency?: Currency }) {
  return (
    <CurrencyProvider initial={initialCurrency}>
      <LoginPanelProvider>{children}</LoginPanelProvider>
    </CurrencyProvider>
  );
}
