import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** A titled part of the page. */
export function ProfileSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={props.id}>
      <Stack gap="lg">
        <Title order={2} size="h3" id={props.id}>
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}
