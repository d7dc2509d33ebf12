import { useEffect } from 'react';
import { Box, Burger, Button, Container, Divider, Drawer, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { IconBriefcase, IconHome, IconLogin, IconLogout, IconPlaneDeparture, IconEPassport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { NotificationBell } from '../../components/nav/notification-bell.tsx';
import { UserMenu } from '../../components/nav/user-menu.tsx';
import { Logo } from '../../components/logo.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useLoginPanel } from '../../features/auth/login-panel-context.tsx';
import { useAuthActions } from '../../features/auth/use-auth-actions.ts';
import { CurrencySwitch } from '../../features/currency/currency-switch.tsx';
import { LanguageSwitch } from '../../features/language/language-switch.tsx';
import classes from './public-header.module.css';

const NAV_ITEMS = [
  { to: '/', key: 'home', icon: IconHome },
  { to: '/trips', key: 'trips', icon: IconPlaneDeparture },
  { to: '/visa', key: 'visa', icon: IconEPassport },
  { to: '/jobs', key: 'jobs', icon: IconBriefcase },
] as const;

/** Spec section 2: transparent over the home page's hero, solid after 20 px of scroll (home only). */
export const SOLID_AFTER_PX = 20;

export function PublicHeader() {
  const { t } = useTranslation('publicNav');
  const location = useLocation();
  const [scroll] = useWindowScroll();
  const [menuOpened, menu] = useDisclosure(false);
  const me = useMe();
  const loginPanel = useLoginPanel();
  const { logout } = useAuthActions();
  const isHome = location.pathname === '/';
  const transparent = isHome && scroll.y <= SOLID_AFTER_PX;

  useEffect(() => menu.close(), [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  const user = me.data ?? null;
  const account = me.isPending ? (
    <Skeleton circle height={38} aria-hidden="true" />
  ) : user ? (
    <UserMenu user={user} onLogout={() => void logout()} />
  ) : (
    <Button
      onClick={() => loginPanel.open('login')}
      variant={transparent ? 'white' : 'filled'}
      leftSection={<IconLogin size={16} />}
    >
      {t('login')}
    </Button>
  );

  return (
    <Box
      component="header"
      className={classes.header}
      data-transparent={transparent || undefined}
      data-home={isHome || undefined}
    >
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link to="/" className={classes.brand} aria-label={t('common:appName')}>
            <Logo />
            <Text component="span" fw={800} fz="xl" className={classes.brandName}>
              {t('common:appName')}
            </Text>
          </Link>
          <Group component="nav" aria-label={t('mainNavigation')} gap={4} visibleFrom="md" wrap="nowrap">
            {NAV_ITEMS.map((item) => (
              <RouterNavLink key={item.to} to={item.to} end={item.to === '/'} className={classes.link}>
                {t(item.key)}
              </RouterNavLink>
            ))}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Group gap="xs" visibleFrom="md" wrap="nowrap">
              <LanguageSwitch inverted={transparent} />
              <CurrencySwitch inverted={transparent} />
            </Group>
            {user && <NotificationBell inverted={transparent} />}
            <Box visibleFrom="md">{account}</Box>
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="md"
              aria-label={t('openMenu')}
              color={transparent ? 'white' : undefined}
            />
          </Group>
        </Group>
      </Container>

      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        position="left"
        size="80%"
        title={<Text fw={700}>{t('menu')}</Text>}
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack gap="md">
          {user && (
            <Box>
              <Text fw={600} truncate>
                {user.name}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {user.email}
              </Text>
            </Box>
          )}
          <Stack component="nav" gap={2} aria-label={t('mainNavigation')}>
            {NAV_ITEMS.map((item) => (
              <NavLink
                key={item.to}
                component={RouterNavLink}
                to={item.to}
                end={item.to === '/'}
                label={t(item.key)}
                leftSection={<item.icon size={18} />}
                active={item.to === '/' ? location.pathname === '/' : location.pathname.startsWith(item.to)}
              />
            ))}
            {user && (
              <>
                <NavLink component={Link} to="/cv" label={t('myCV')} />
                <NavLink component={Link} to="/profile" label={t('myProfile')} />
                <NavLink component={Link} to="/notifications" label={t('notifications')} />
                {user.role === 'admin' && <NavLink component={Link} to="/admin/dashboard" label={t('adminScreen')} />}
              </>
            )}
          </Stack>
          <Divider />
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('common:language.label')}
            </Text>
            <LanguageSwitch fullWidth />
            <Text size="sm" fw={600}>
              {t('common:currency.label')}
            </Text>
            <CurrencySwitch fullWidth />
          </Stack>
          <Divider />
          {user ? (
            <Button variant="light" color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
              {t('logout')}
            </Button>
          ) : (
            <Button
              leftSection={<IconLogin size={16} />}
              onClick={() => {
                menu.close();
                loginPanel.open('login');
              }}
            >
              {t('login')}
            </Button>
          )}
        </Stack>
      </Drawer>
    </Box>
  );
}
