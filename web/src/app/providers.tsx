import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoginPanelProvider } from '../features/auth/login-panel-context.tsx';
import { CurrencyProvider } from '../features/currency/currency-context.tsx';
import { TOAST_MS } from '../lib/notify.ts';
import { theme } from './theme.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" autoClose={TOAST_MS} limit={4} />
      <QueryClientProvider client={queryClient}>
        <CurrencyProvider>
          <LoginPanelProvider>{children}</LoginPanelProvider>
        </CurrencyProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
