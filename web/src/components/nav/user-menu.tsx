import { Menu } from '@mantine/core';
import {
  IconBriefcase,
  IconCalendarEvent,
  IconFileCv,
  IconLayoutDashboard,
  IconLogout,
  IconTimeline,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '@aylal/shared/schemas/auth';
import { AccountMenuShell } from './account-menu-shell.tsx';

/** Name and email, My CV, My Profile, My consultations, Admin Screen (admins only), Logout. */
export function UserMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const { t } = useTranslation('publicNav');
  return (
    <AccountMenuShell user={user} label={t('userMenu')} color="yellow">
      <Menu.Item component={Link} to="/cv" leftSection={<IconFileCv size={16} />}>
        {t('myCV')}
      </Menu.Item>
      <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
        {t('myProfile')}
      </Menu.Item>
      <Menu.Item component={Link} to="/consultations" leftSection={<IconCalendarEvent size={16} />}>
        {t('myConsultations')}
      </Menu.Item>
      <Menu.Item component={Link} to="/applications" leftSection={<IconBriefcase size={16} />}>
        {t('myApplications')}
      </Menu.Item>
      <Menu.Item component={Link} to="/account/timeline" leftSection={<IconTimeline size={16} />}>
        {t('myTimeline')}
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
    </AccountMenuShell>
  );
}
