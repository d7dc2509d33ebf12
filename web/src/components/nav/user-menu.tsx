import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconFileCv, IconLayoutDashboard, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '@aylal/shared/auth';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** Name and email, My CV, My Profile, Admin Screen (admins only), Logout. */
export function UserMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const { t } = useTranslation('publicNav');
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu')}>
          <Avatar src={user.picture} alt={user.name} radius="xl" color="yellow" variant="filled">
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
        <Menu.Item component={Link} to="/cv" leftSection={<IconFileCv size={16} />}>
          {t('myCV')}
        </Menu.Item>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          {t('myProfile')}
        </Menu.Item>
        {user.role === 'admin' && (
          <Menu.Item component={Link} to="/admin/dashboard" leftSection={<IconLayoutDashboard size={16} />}>
            {t('adminScreen')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
