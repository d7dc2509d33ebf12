import type { ReactNode } from 'react';
import { Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A section whose screen comes with its own feature: says so, and what will be there. */
export function ComingSoon({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['common']);
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconTools size={24} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('common:comingSoon.title')}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
