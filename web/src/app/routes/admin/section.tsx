import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export type AdminSectionKey = 'contactUs' | 'notifications';

/** A back-office section built by its own feature; until then it says what will be here. */
export function AdminSection({ section }: { section: AdminSectionKey }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Title order={1}>{t(`nav.${section}`)}</Title>
      <ComingSoon>
        <Text c="dimmed" maw={520}>
          {t(`section.${section}`)}
        </Text>
      </ComingSoon>
    </Stack>
  );
}
