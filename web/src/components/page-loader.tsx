import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Loading...' while a lazy screen loads, or 'Checking authentication...' while the session is checked. */
export function PageLoader({ kind = 'loading' }: { kind?: 'loading' | 'auth' }) {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {t(kind === 'auth' ? 'checkingAuth' : 'loading')}
        </Text>
      </Stack>
    </Center>
  );
}
