import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import { queryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

/**
 * The component library and the data cache, for every screen that needs them. The landing path
 * (header, footer, home) is drawn without them, so they load with the first screen or panel that
 * uses them (docs/decisions/006-light-landing-route.md).
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
