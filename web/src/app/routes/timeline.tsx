import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TimelineList } from '../../features/timeline/components/timeline-list.tsx';

/** /account/timeline: the signed-in person's consultations, job applications and visa applications in one story. */
export function Component() {
  const { t } = useTranslation('timeline');
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <TimelineList />
      </Stack>
    </Container>
  );
}
