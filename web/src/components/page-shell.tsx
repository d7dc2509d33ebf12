import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

/**
 * A back-office page: its title, a line saying what it is for, the main action on the right
 * (e.g. "New trip"), and its content on a card. The next list or form page starts from this.
 */
export function PageShell(props: { title: string; intro?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{props.title}</Title>
          {props.intro && <Text c="dimmed">{props.intro}</Text>}
        </Stack>
        {props.action}
      </Group>
      <Paper withBorder radius="md" p="lg">
        {props.children}
      </Paper>
    </Stack>
  );
}
