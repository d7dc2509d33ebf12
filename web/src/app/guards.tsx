import { useEffect } from 'react';
import { Button, Center, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { useLoginPanel } from '../features/auth/login-panel-context.tsx';

/** Pages that need a login: 'Please login to access this page' and the login panel opens. */
export function RequireUser() {
  const me = useMe();
  const loginPanel = useLoginPanel();
  const { t } = useTranslation();
  const signedOut = me.isSuccess && !me.data;
  useEffect(() => {
    if (signedOut) loginPanel.open('login');
  }, [signedOut]); // eslint-disable-line react-hooks/exhaustive-deps

  if (me.isPending) return <PageLoader kind="auth" />;
  if (me.isError) throw me.error;
  if (!me.data) {
    return (
      <Center mih="50vh" p="xl">
        <Stack align="center" gap="md" ta="center">
          <IconLock size={48} stroke={1.4} color="var(--mantine-color-brand-8)" aria-hidden="true" />
          <Title order={1} size="h3">
            {t('pleaseLogin')}
          </Title>
          <Button onClick={() => loginPanel.open('login')}>{t('loginToContinue')}</Button>
        </Stack>
      </Center>
    );
  }
  return <Outlet />;
}

/** /admin/*: admins only; anyone else is sent to /. The server refuses them as well. */
export function RequireAdmin() {
  const me = useMe();
  if (me.isPending) return <PageLoader kind="auth" />;
  if (me.isError) throw me.error;
  if (me.data?.role !== 'admin') return <Navigate to="/" replace />;
  return <Outlet />;
}

export function RedirectHome() {
  return <Navigate to="/" replace />;
}
