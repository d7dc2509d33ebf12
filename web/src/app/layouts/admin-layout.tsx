import { ActionIcon, AppShell, Burger, Group, Menu, NavLink, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import {
  IconBell,
  IconBriefcase,
  IconCalendar,
  IconEPassport,
  IconReceipt,
  IconFileCv,
  IconLayoutDashboard,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMail,
  IconMessages,
  IconPlaneDeparture,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { AccountMenuShell } from '../../components/nav/account-menu-shell.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageScroll } from '../page-scroll.tsx';
import { secondFactorStatusQuery } from '../../lib/second-factor.ts';
import { useSession } from '../../lib/session.ts';
import { useAuthActions } from '../../features/auth/use-auth-actions.ts';
import { LanguageSwitch } from '../../features/language/language-switch.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** Spec section 2: 80 px collapsed, 250 px open; a slide-in drawer on phones. */
export const SIDEBAR_COLLAPSED_PX = 80;
export const SIDEBAR_OPEN_PX = 250;

const LINKS = [
  { to: '/admin/dashboard', key: 'dashboard', icon: IconLayoutDashboard },
  { to: '/admin/consultations', key: 'consultations', icon: IconMessages },
  { to: '/admin/trips', key: 'trips', icon: IconPlaneDeparture },
  { to: '/admin/visa', key: 'visa', icon: IconEPassport },
  { to: '/admin/payments', key: 'payments', icon: IconReceipt },
  { to: '/admin/jobs', key: 'jobs', icon: IconBriefcase },
  { to: '/admin/cv', key: 'cv', icon: IconFileCv },
  { to: '/admin/calendar', key: 'calendar', icon: IconCalendar },
  { to: '/admin/contact-us', key: 'contactUs', icon: IconMail },
  { to: '/admin/settings', key: 'settings', icon: IconSettings },
  { to: '/admin/notifications', key: 'notifications', icon: IconBell },
] as const;

// An admin whose session may not act as staff yet sets up or gives the second factor first.
const StaffSecondFactor = lazy(() => import('../../features/second-factor/components/staff-second-factor.tsx'));

// The Notifications link's badge, with the live stream that keeps it current.
const StaffUnreadBadge = lazy(() => import('../../features/notifications/components/staff-unread-badge.tsx'));

export function AdminLayout() {
  const { t } = useTranslation(['admin', 'common']);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'admin-sidebar-collapsed', defaultValue: false });
  const location = useLocation();
  const navigation = useNavigation();
  const session = useSession();
  const { logout } = useAuthActions();
  // Whether this session may act as staff (the server decides, STAFF_TWO_FACTOR; docs/decisions/023).
  const staff = useQuery({ ...secondFactorStatusQuery(), staleTime: 60_000 });
  const gate = staff.data && staff.data.staff !== 'granted' ? staff.data : null;
  useDocumentTitle();
  useEffect(() => mobile.close(), [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  const user = session.user!;
  const narrow = collapsed && !mobileOpened;
  const main = staff.isPending ? (
    <PageLoader />
  ) : gate ? (
    <Suspense fallback={<PageLoader />}>
      <StaffSecondFactor status={gate} />
    </Suspense>
  ) : navigation.state === 'loading' ? (
    <PageLoader />
  ) : (
    <Outlet />
  );

  return (
    <AppShell
      header={{ height: 60 }}
      // Nothing to reach until the second factor is given: no sidebar then.
      navbar={
        gate
          ? undefined
          : {
              width: { base: SIDEBAR_OPEN_PX, sm: narrow ? SIDEBAR_COLLAPSED_PX : SIDEBAR_OPEN_PX },
              breakpoint: 'sm',
              collapsed: { mobile: !mobileOpened },
            }
      }
      padding="lg"
      transitionDuration={150}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!gate && (
              <>
                <Burger
                  opened={mobileOpened}
                  onClick={mobile.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={t('nav.openMenu')}
                />
                <Tooltip label={t(collapsed ? 'nav.expand' : 'nav.collapse')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    visibleFrom="sm"
                    onClick={() => setCollapsed(!collapsed)}
                    aria-label={t(collapsed ? 'nav.expand' : 'nav.collapse')}
                    aria-expanded={!collapsed}
                  >
                    {collapsed ? (
                      <IconLayoutSidebarLeftExpand size={20} />
                    ) : (
                      <IconLayoutSidebarLeftCollapse size={20} />
                    )}
                  </ActionIcon>
                </Tooltip>
              </>
            )}
            <Group gap={8} wrap="nowrap">
              <Logo size={28} />
              <Text fw={800} visibleFrom="xs">
                {t('common:appName')} · {t('title')}
              </Text>
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <AccountMenuShell user={user} label={t('profileMenu')} color="brand">
              <Menu.Item component={Link} to="/" leftSection={<IconUser size={16} />}>
                {t('nav.publicSite')}
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
                {t('logout')}
              </Menu.Item>
            </AccountMenuShell>
          </Group>
        </Group>
      </AppShell.Header>

      {!gate && (
        <AppShell.Navbar p="xs" aria-label={t('nav.label')}>
          <AppShell.Section grow component={ScrollArea}>
            {LINKS.map((link) => {
              const label = t(`nav.${link.key}`);
              const badge =
                link.key === 'notifications' ? (
                  <Suspense fallback={null}>
                    <StaffUnreadBadge userId={user.id} narrow={narrow} />
                  </Suspense>
                ) : undefined;
              const item = (
                <NavLink
                  key={link.to}
                  component={RouterNavLink}
                  to={link.to}
                  label={narrow ? undefined : label}
                  aria-label={narrow ? label : undefined}
                  leftSection={<link.icon size={20} stroke={1.7} />}
                  rightSection={badge}
                  active={location.pathname.startsWith(link.to)}
                  styles={narrow ? { root: { justifyContent: 'center' }, section: { marginInlineEnd: 0 } } : undefined}
                  py={10}
                />
              );
              return narrow ? (
                <Tooltip key={link.to} label={label} position="right">
                  {item}
                </Tooltip>
              ) : (
                item
              );
            })}
          </AppShell.Section>
          <AppShell.Section>
            <NavLink
              component={Link}
              to="/"
              label={narrow ? undefined : t('nav.publicSite')}
              aria-label={narrow ? t('nav.publicSite') : undefined}
              leftSection={<IconUser size={20} stroke={1.7} />}
              py={10}
            />
          </AppShell.Section>
        </AppShell.Navbar>
      )}

      <AppShell.Main bg="gray.0">
        <PageScroll />
        {main}
      </AppShell.Main>
    </AppShell>
  );
}
