import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type AdminSectionKey = 'consultations' | 'trips' | 'jobs' | 'cv' | 'calendar' | 'contactUs' | 'notifications';

/** A back-office section built by its own feature; until then it says what will be here. */
export function AdminSection({ section }: { section: AdminSectionKey }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Title order={1}>{t(`nav.${section}`)}</Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconTools size={24} />
          </ThemeIcon>
          <Title order={2} size="h4">
            {t('common:comingSoon.title')}
          </Title>
          <Text c="dimmed" maw={520}>
            {t(`section.${section}`)}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
