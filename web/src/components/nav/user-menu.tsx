import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '@aylal/shared/schemas/auth';
import { AccountMenuShell } from './account-menu-shell.tsx';
import { ACCOUNT_LINKS, ADMIN_LINK } from './account-links.ts';

/** Name and email, My CV, My Profile, My consultations, Admin Screen (admins only), Logout. */
export function UserMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const { t } = useTranslation('publicNav');
  return (
    <AccountMenuShell user={user} label={t('userMenu')} color="yellow">
      {[...ACCOUNT_LINKS, ...(user.role === 'admin' ? [ADMIN_LINK] : [])].map(({ to, key, icon: Icon }) => (
        <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} />}>
          {t(key)}
        </Menu.Item>
      ))}
      <Menu.Divider />
      <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
        {t('logout')}
      </Menu.Item>
    </AccountMenuShell>
  );
}
