import { Box, Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import {
  IconBriefcase,
  IconEPassport,
  IconHome,
  IconLogin,
  IconLogout,
  IconMail,
  IconPlaneDeparture,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import type { SessionUser } from '@aylal/shared/schemas/auth';
import { useLoginPanel } from '../../lib/login-panel-context.tsx';
import { CurrencySwitch } from '../../features/currency/currency-switch.tsx';
import { LanguageSwitch } from '../../features/language/language-switch.tsx';
import { UiProvider } from '../../components/ui-provider.tsx';
import { useAuthActions } from '../../features/auth/use-auth-actions.ts';
import { NAV_ITEMS } from './nav-items.ts';
import { ACCOUNT_LINKS, ADMIN_LINK, NOTIFICATIONS_LINK } from '../../components/nav/account-links.ts';

const ICONS = {
  home: IconHome,
  trips: IconPlaneDeparture,
  visa: IconEPassport,
  jobs: IconBriefcase,
  contact: IconMail,
} as const;

/** The phone's slide-in menu: the same items as the bar, a language picker, login or logout. */
export default function MobileMenu({
  opened,
  onClose,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  user: SessionUser | null;
}) {
  const { logout } = useAuthActions();
  const { t } = useTranslation(['publicNav', 'common']);
  const location = useLocation();
  const loginPanel = useLoginPanel();
  return (
    <UiProvider>
      <Drawer
        opened={opened}
        onClose={onClose}
        position="left"
        size="80%"
        title={t('menu')}
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
          {/* A link taken closes the menu at once, not only when the page changes: a form's leave
              guard may hold the page, and its question must not sit under the menu. */}
          <Stack
            component="nav"
            gap={2}
            aria-label={t('mainNavigation')}
            onClick={(event) => {
              if (event.target instanceof Element && event.target.closest('a')) onClose();
            }}
          >
            {NAV_ITEMS.map((item) => {
              const Icon = ICONS[item.key];
              return (
                <NavLink
                  key={item.to}
                  component={RouterNavLink}
                  to={item.to}
                  end={item.to === '/'}
                  label={t(item.key)}
                  leftSection={<Icon size={18} />}
                  active={item.to === '/' ? location.pathname === '/' : location.pathname.startsWith(item.to)}
                />
              );
            })}
            {user && (
              <>
                {[...ACCOUNT_LINKS, NOTIFICATIONS_LINK, ...(user.role === 'admin' ? [ADMIN_LINK] : [])].map(
                  ({ to, key, icon: Icon }) => (
                    <NavLink key={to} component={Link} to={to} label={t(key)} leftSection={<Icon size={18} />} />
                  ),
                )}
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
            <Button
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} />}
              onClick={() => {
                onClose();
                void logout();
              }}
            >
              {t('logout')}
            </Button>
          ) : (
            <Button
              leftSection={<IconLogin size={16} />}
              onClick={() => {
                onClose();
                loginPanel.open('login');
              }}
            >
              {t('login')}
            </Button>
          )}
        </Stack>
      </Drawer>
    </UiProvider>
  );
}
