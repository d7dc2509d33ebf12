import { useMemo, type ReactNode } from 'react';
import { MantineProvider, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import { queryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

// Mantine's default "dimmed" grey fails the contrast audit on white; ours matches the landing's.
// So does the text of its light variants (badges, light buttons: shade 6 on a tint of it), for
// most colours: their text is the darkest shade, darker still, which passes 4.5:1 on the tint.
const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    ...Object.fromEntries(
      Object.keys(resolved.colors).map((name) => [
        `--mantine-color-${name}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${name}-9) 70%, black)`,
      ]),
    ),
  },
  dark: {},
});

/**
 * The component library and the data cache, for every screen that needs them. The landing path
 * (header, footer, home) is drawn without them, so they load with the first screen or panel that
 * uses them (docs/decisions/006-light-landing-route.md).
 */
export function UiProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const close = t('close');
  // Every dialog's and drawer's close button is named, in the reader's language.
  const named = useMemo<MantineThemeOverride>(
    () => ({
      ...theme,
      components: {
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      },
    }),
    [close],
  );
  return (
    <MantineProvider theme={named} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
