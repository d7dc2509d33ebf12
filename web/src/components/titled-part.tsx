import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';

/** A part of an account page (the password, devices, backup codes…): its heading over its content. */
export function TitledPart(props: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {props.title}
      </Title>
      {props.children}
    </Stack>
  );
}
