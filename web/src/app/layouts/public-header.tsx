import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Burger, Button, Container, Group, Skeleton, Text } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useLoginPanel } from '../../features/auth/login-panel-context.tsx';
import { useAuthActions } from '../../features/auth/use-auth-actions.ts';
import { CurrencySwitch } from '../../features/currency/currency-switch.tsx';
import { LanguageSwitch } from '../../features/language/language-switch.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import classes from './public-header.module.css';

// Only signed-in people need the account menu and the bell, and only phones the slide-in menu:
// they load on demand so the landing page stays light.
const AccountMenu = lazy(() => import('./account-menu.tsx'));
const MobileMenu = lazy(() => import('./mobile-menu.tsx'));

/** Spec section 2: transparent over the home page's hero, solid after 20 px of scroll (home only). */
export const SOLID_AFTER_PX = 20;

export function PublicHeader() {
  const { t } = useTranslation('publicNav');
  const location = useLocation();
  const [scroll] = useWindowScroll();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuEverOpened, setMenuEverOpened] = useState(false);
  useEffect(() => {
    if (menuOpened) setMenuEverOpened(true);
  }, [menuOpened]);
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
    <Suspense fallback={<Skeleton circle height={38} aria-hidden="true" />}>
      <AccountMenu user={user} onLogout={() => void logout()} inverted={transparent} />
    </Suspense>
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

      {menuEverOpened && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={menu.close} user={user} onLogout={() => void logout()} />
        </Suspense>
      )}
    </Box>
  );
}
