import type { ReactNode } from 'react';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import { queryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

// Mantine's default "dimmed" grey fails the contrast audit on white; ours matches the landing's.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});

/**
 * The component library and the data cache, for every screen that needs them. The landing path
 * (header, footer, home) is drawn without them, so they load with the first screen or panel that
 * uses them (docs/decisions/006-light-landing-route.md).
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
