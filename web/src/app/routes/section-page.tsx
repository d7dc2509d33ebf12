import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AGENCY_CONTACT } from '@aylal/shared/agency';
import { ComingSoon } from '../../components/coming-soon.tsx';

export type SectionKey = 'trips' | 'jobs' | 'visa' | 'cv' | 'profile' | 'notifications';

/** A public section whose full screen comes with its own feature; it says so honestly. */
export function SectionPage({ section }: { section: SectionKey }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={48}>
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t(`pages.${section}.title`)}</Title>
        <Text c="dimmed" size="lg">
          {t(`pages.${section}.intro`)}
        </Text>
      </Stack>
      <ComingSoon>
        <Text c="dimmed" maw={520}>
          {t('comingSoon.body')}
        </Text>
        <Text size="sm">
          <a href={`mailto:${AGENCY_CONTACT.email}`}>{AGENCY_CONTACT.email}</a> · {AGENCY_CONTACT.phone}
        </Text>
      </ComingSoon>
    </Container>
  );
}
