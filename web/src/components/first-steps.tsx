import type { ReactNode } from 'react';
import { Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/**
 * What a person sees where they have nothing yet (no CV, no profile, no visa application): a
 * welcome that says what the thing is for and what to do, never "not found".
 */
export function FirstSteps(props: {
  icon: ReactNode;
  title: string;
  body: string;
  steps?: string[];
  /** The button (or buttons) that starts it. */
  action?: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md" maw={640}>
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          {props.icon}
        </ThemeIcon>
        <Title order={2} size="h3">
          {props.title}
        </Title>
        <Text>{props.body}</Text>
        {props.steps && props.steps.length > 0 && (
          <List spacing={6} size="sm">
            {props.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        )}
        {props.action && <Group>{props.action}</Group>}
      </Stack>
    </Card>
  );
}

/** Moves the keyboard (and the view) to a form's first field: the action of a first step. */
export function focusField(id: string) {
  const field = document.getElementById(id);
  field?.focus();
  field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
