import type { ReactNode } from 'react';
import { Paper, Stack, Text } from '@mantine/core';

/**
 * A long form's save bar, kept at the bottom of the screen while the form scrolls: what went wrong
 * (when something did) above the form's own actions.
 */
export function SaveBar({ notice, children }: { notice?: string | null; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 5, boxShadow: '0 -6px 18px rgba(11, 59, 92, 0.08)' }}
    >
      <Stack gap="xs">
        {notice && (
          <Text c="red.8" fw={600} size="sm" role="alert">
            {notice}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
