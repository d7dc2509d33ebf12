import { useEffect, type ReactNode } from 'react';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import type { SessionUser } from '@aylal/shared/schemas/auth';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** The avatar button and its dropdown headed by the person's name and email; items are the caller's. */
export function AccountMenuShell({
  user,
  label,
  color,
  children,
}: {
  user: SessionUser;
  label: string;
  color: string;
  children: ReactNode;
}) {
  // Web Push (service worker, push toasts, the subscription's refresh) is for signed-in people:
  // it starts with their account menu, never with a visitor's first screen.
  useEffect(() => {
    void import('../../lib/push-start.ts').then(({ startPush }) => startPush(user.id));
  }, [user.id]);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={label}>
          {/* The button's name is its label; the initials are a picture of the person (WCAG 2.5.3),
              written in black or white, whichever reads on the colour (WCAG 1.4.3). */}
          <Avatar src={user.picture} alt="" aria-hidden radius="xl" color={color} variant="filled" autoContrast>
            {initials(user.name || user.email)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}
