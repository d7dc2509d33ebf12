import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AGENCY_CONTACT } from '@aylal/shared/contact';

/** The spec's error screen: 'Oops! Something went wrong', advice, Try Again and Reload Page. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="md" maw={520} ta="center">
        <IconMoodSad size={56} stroke={1.4} color="var(--mantine-color-brand-8)" aria-hidden="true" />
        <Title order={1} size="h2">
          {t('errorFallback.title')}
        </Title>
        <Text c="dimmed">
          {t('errorFallback.advice', { email: AGENCY_CONTACT.email, phone: AGENCY_CONTACT.phone })}
        </Text>
        <Group>
          <Button onClick={onRetry}>{t('errorFallback.tryAgain')}</Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            {t('errorFallback.reload')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
